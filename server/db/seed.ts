import type { EntityManager } from '@mikro-orm/postgresql';
import { isbnKey } from '../../shared/isbn';
import { hashPassword } from '../services/passwords';
import { demoBooks } from './demo-books';

export interface DemoSignIn {
  role: string;
  email: string;
  password: string;
}

export const demoSignIns: DemoSignIn[] = [
  { role: 'admin', email: 'admin@scroll.test', password: 'AdminPass1' },
  { role: 'library_admin', email: 'librarian@scroll.test', password: 'LibrarianPass1' },
  { role: 'customer', email: 'reader@scroll.test', password: 'ReaderPass1' },
];

/** When every demo account was opened: the demo's rentals fall within the 40 days since. */
const ACCOUNTS_OPENED = `now() - interval '40 days'`;

const extraCustomers = [
  { name: 'Ada Lovelace', email: 'ada@scroll.test', phone: '5550100001' },
  { name: 'Grace Hopper', email: 'grace@scroll.test', phone: '5550100002' },
  { name: 'Alan Turing', email: 'alan@scroll.test', phone: '5550100003' },
  { name: 'Katherine Johnson', email: 'katherine@scroll.test', phone: '5550100004' },
];

const reviewTexts = [
  'A book I keep coming back to.',
  'Beautifully written, and it stayed with me for weeks.',
  'Slow start, but worth it.',
  null,
  'Our book club argued about this one for hours.',
];

const coverUrl = (isbn: string) => `https://covers.openlibrary.org/b/isbn/${isbn}-M.jpg`;
const largeCoverUrl = (isbn: string) => `https://covers.openlibrary.org/b/isbn/${isbn}-L.jpg`;

/**
 * The demo sign-ins whose accounts are there, seeded by this start or an earlier one, each with its role now:
 * `npm run make-admin` may have changed one, and a profile may have moved one to another email (then left out).
 */
export async function currentDemoSignIns(em: EntityManager): Promise<DemoSignIn[]> {
  const rows = await em.getConnection().execute<{ email: string; role: string }[]>(
    `select email, role from users where email in (${demoSignIns.map(() => '?').join(', ')})`,
    demoSignIns.map((signIn) => signIn.email),
  );
  const roles = new Map(rows.map((row) => [row.email, row.role]));
  return demoSignIns.flatMap((signIn) => (roles.has(signIn.email) ? [{ ...signIn, role: roles.get(signIn.email)! }] : []));
}

/** Fills an empty database with demo libraries, books, accounts, rentals and reviews. Returns false when data exists. */
export async function seedDemoData(em: EntityManager): Promise<boolean> {
  const conn = em.getConnection();
  const [{ count }] = await conn.execute<{ count: string }[]>('select count(*) from users');
  if (Number(count) > 0) return false;

  await em.transactional(async (tx) => {
    const db = tx.getConnection();
    const exec = <T extends object[] = any[]>(sql: string, params: unknown[] = []) =>
      db.execute(sql, params, 'all', tx.getTransactionContext()) as Promise<T>;
    // A member since their account was opened, as 'Joined:' on the customer list and the insights' new members say.
    const join = (libraryId: number, userId: number) =>
      exec(`insert into library_members (library_id, user_id, created_at) select ?, id, created_at from users where id = ? on conflict do nothing`, [libraryId, userId]);
    const ids: Record<string, number> = {};
    const roleNames: Record<string, string> = { admin: 'Morgan Admin', library_admin: 'Lee Librarian', customer: 'Riley Reader' };
    for (const signIn of demoSignIns) {
      const [row] = await exec<{ id: number }[]>(
        `insert into users (email, display_name, password_hash, role, phone_number, created_at) values (?, ?, ?, ?, ?, ${ACCOUNTS_OPENED}) returning id`,
        [signIn.email, roleNames[signIn.role], await hashPassword(signIn.password), signIn.role, signIn.role === 'customer' ? '5550100000' : null],
      );
      ids[signIn.role] = row.id;
    }
    const customerPassword = await hashPassword('ReaderPass1');
    const customers = [ids.customer];
    for (const c of extraCustomers) {
      const [row] = await exec<{ id: number }[]>(
        `insert into users (email, display_name, password_hash, role, phone_number, created_at) values (?, ?, ?, 'customer', ?, ${ACCOUNTS_OPENED}) returning id`,
        [c.email, c.name, customerPassword, c.phone],
      );
      customers.push(row.id);
    }

    const libraries: number[] = [];
    for (const name of ['Central Library', 'Riverside Branch']) {
      const [row] = await exec<{ id: number }[]>(`insert into libraries (name) values (?) returning id`, [name]);
      libraries.push(row.id);
      await exec(`insert into library_staff (library_id, user_id) values (?, ?)`, [row.id, ids.library_admin]);
    }

    const bookIds: number[][] = [[], []];
    for (const [index, book] of demoBooks.entries()) {
      for (const [li, libraryId] of libraries.entries()) {
        if (li === 1 && index % 2 === 1) continue; // the branch holds half the collection
        const quantity = 1 + ((index * 7 + li) % 4);
        const [row] = await exec<{ id: number }[]>(
          `insert into books (library_id, isbn, isbn13, title, author, quantity, available_count, thumbnail_url, full_image_url, published_date, categories, acquisition_date)
           values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, string_to_array(?, '|'), current_date - ?::int) returning id`,
          [libraryId, book.isbn, isbnKey(book.isbn), book.title, book.author, quantity, quantity, coverUrl(book.isbn), largeCoverUrl(book.isbn), book.publishedDate, book.categories.join('|'), index * 3],
        );
        bookIds[li].push(row.id);
      }
    }

    // Rentals: some active, some returned, spread over the last weeks.
    let n = 0;
    for (const [li, libraryId] of libraries.entries()) {
      for (const [ci, customerId] of customers.entries()) {
        // The demo reader (the first customer) starts with no active rental at any library, so the welcome banner
        // shows; their returned ones at the branch fill Rental History.
        if (ci === 0 && li === 0) continue;
        await join(libraryId, customerId);
        for (let k = 0; k < 3; k++) {
          const bookId = bookIds[li][(ci * 5 + k * 3 + li) % bookIds[li].length];
          const active = k === 0 && ci !== 0;
          const days = 2 + ((n * 5) % 38); // within the 40 days since the accounts opened
          n++;
          if (active) {
            const [ok] = await exec<{ id: number }[]>(
              `update books set available_count = available_count - 1 where id = ? and available_count > 0 returning id`,
              [bookId],
            );
            if (!ok) continue;
          }
          await exec(
            `insert into rentals (book_id, library_id, customer_id, rented_at, returned_at)
             values (?, ?, ?, now() - make_interval(days => ?), ${active ? 'null' : 'now() - make_interval(days => ?)'})`,
            active ? [bookId, libraryId, customerId, days] : [bookId, libraryId, customerId, days, Math.max(0, days - 7)],
          );
        }
      }
    }
    await join(libraries[0], ids.customer);

    // Reviews on the first books of the central library.
    for (const [bi, bookId] of bookIds[0].slice(0, 12).entries()) {
      for (const [ci, customerId] of customers.entries()) {
        if ((bi + ci) % 3 !== 0) continue;
        const rating = 3 + ((bi + ci) % 3);
        await exec(`insert into reviews (book_id, user_id, rating, review_text, created_at) values (?, ?, ?, ?, now() - make_interval(days => ?))`, [
          bookId,
          customerId,
          rating,
          reviewTexts[(bi + ci) % reviewTexts.length],
          bi + ci,
        ]);
        await exec(`update books set ratings_count = ratings_count + 1, ratings_sum = ratings_sum + ? where id = ?`, [rating, bookId]);
      }
    }
  });
  return true;
}

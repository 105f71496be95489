import type pg from 'pg';

/** The benchmark's scale (issue 9): a busy library network. */
export const SCALE = { libraries: 10, books: 100_000, customers: 20_000, rentals: 200_000, activeRentals: 10_000, reviews: 50_000 };
/** Customers with a known session token, who take turns in the rent-then-return cycle. */
export const SESSION_CUSTOMERS = 2_000;
/** Staff user ids are 1..libraries (one library_admin per library); customers follow. */
export const FIRST_CUSTOMER_ID = SCALE.libraries + 1;

export const staffToken = (libraryId: number) => `bench-staff-${libraryId}`;
export const customerToken = (userId: number) => `bench-customer-${userId}`;

// Titles are three made-up words out of 4,608 (onset, vowel, ending), so a word matches a few
// books per library and a 3-letter fragment a hundred or two, as in a real catalogue.
const ONSETS = 'b br c ch d dr f g gr h j k l m n p pr r s st t tr v w'.split(' ');
const VOWELS = 'a e i o u ai ea ou'.split(' ');
const ENDINGS = 'ber bin dal den der field ford gan ham lan ley lin mar mer mond nor ran ris ton ven wick wood yer zel'.split(' ');
const WORDS = ONSETS.flatMap((o) => VOWELS.flatMap((v) => ENDINGS.map((e) => `${o.toUpperCase()[0]}${o.slice(1)}${v}${e}`)));
const FIRST = `Ada Alan Clara Dora Edith Felix Grace Hugo Iris Jonas Karl Lena Mara Nils Olga Paul Rosa Sami Tara Uma Vera Walt Yara Zeno`.split(' ');
const LAST = `Abbott Brandt Castillo Dubois Eriksen Fischer Garcia Haddad Ivanova Jensen Kowalski Lindqvist Moreau Novak Okafor Petrov Quinn Rossi Schmidt Tanaka Ueda Varga Weber Young`.split(' ');

const sqlArray = (words: string[]) => `array[${words.map((w) => `'${w}'`).join(',')}]`;

/** Every statement of the seed, in order: generate_series inserts, no row-by-row round trips. */
function seedStatements(): string[] {
  const { libraries, books, customers, rentals, activeRentals, reviews } = SCALE;
  const words = sqlArray(WORDS);
  const lastCustomer = FIRST_CUSTOMER_ID + customers - 1;
  return [
    `create function pg_temp.isbn13(body text) returns text language sql immutable as $$
       select body || ((10 - sum(substr(body, i, 1)::int * case when i % 2 = 1 then 1 else 3 end) % 10) % 10)::text
         from generate_series(1, 12) i $$`,
    `insert into libraries (id, name) select i, 'Branch ' || i from generate_series(1, ${libraries}) i`,
    `insert into users (id, email, display_name, role)
       select i, 'staff' || i || '@bench.test', 'Staff ' || i, 'library_admin' from generate_series(1, ${libraries}) i`,
    `insert into users (id, email, display_name, phone_number, role)
       select i, 'customer' || i || '@bench.test', (${sqlArray(FIRST)})[1 + i % ${FIRST.length}] || ' ' || (${sqlArray(LAST)})[1 + (i / ${FIRST.length}) % ${LAST.length}] || ' ' || i,
              '+1555' || lpad(i::text, 7, '0'), 'customer'
         from generate_series(${FIRST_CUSTOMER_ID}, ${lastCustomer}) i`,
    `insert into library_staff (library_id, user_id) select i, i from generate_series(1, ${libraries}) i`,
    // Book n belongs to library 1 + (n - 1) % 10; 1 to 4 copies. Nearly every book gets rentals below: marked
    // rented now, the few that get none put right after, so the rentals trigger has no book row to rewrite.
    `insert into books (id, library_id, isbn, isbn13, title, author, quantity, available_count, acquisition_date, categories, ever_rented)
       select n, 1 + (n - 1) % ${libraries}, isbn, isbn,
              w[1 + (n * 7919) % ${WORDS.length}] || ' ' || w[1 + (n::bigint * 104729) % ${WORDS.length}] || ' ' || w[1 + (n * 15485863::bigint) % ${WORDS.length}],
              (${sqlArray(FIRST)})[1 + (n * 3) % ${FIRST.length}] || ' ' || (${sqlArray(LAST)})[1 + (n * 11) % ${LAST.length}],
              1 + n % 4, 1 + n % 4, date '2020-01-01' + n % 1800, '{Fiction}', true
         from generate_series(1, ${books}) n, pg_temp.isbn13('978' || lpad(n::text, 9, '0')) isbn, (select ${words} w) words`,
    // Active rentals: one each on 10,000 books spread over every library; the rest returned.
    `insert into rentals (book_id, library_id, customer_id, rented_at, returned_at)
       select b.id, b.library_id, ${FIRST_CUSTOMER_ID} + (k * 37) % ${customers}, now() - make_interval(hours => k % 720), null
         from generate_series(1, ${activeRentals}) k join books b on b.id = k * 10 - k % 10`,
    `insert into rentals (book_id, library_id, customer_id, rented_at, returned_at)
       select b.id, b.library_id, ${FIRST_CUSTOMER_ID} + (i::bigint * 104729) % ${customers}, t, t + make_interval(days => 1 + i % 20)
         from generate_series(1, ${rentals - activeRentals}) i
         join books b on b.id = 1 + (i::bigint * 7919) % ${books}
         cross join lateral (select now() - make_interval(days => 30 + i % 700) as t) at`,
    `update books b set available_count = b.quantity - a.active
       from (select book_id, count(*)::int as active from rentals where returned_at is null group by book_id) a where a.book_id = b.id`,
    `update books b set ever_rented = false where not exists (select 1 from rentals r where r.book_id = b.id)`,
    `insert into library_members (library_id, user_id) select distinct library_id, customer_id from rentals`,
    `insert into reviews (book_id, user_id, rating, review_text, created_at)
       select 2 * j, ${FIRST_CUSTOMER_ID} + (j * 31) % ${customers}, 1 + (j * 13) % 5, 'Review ' || j, now() - make_interval(days => j % 365)
         from generate_series(1, ${reviews}) j`,
    `update books b set ratings_count = r.n, ratings_sum = r.total
       from (select book_id, count(*)::int as n, sum(rating)::int as total from reviews group by book_id) r where r.book_id = b.id`,
    // Sessions hold sha256(token) in hex, as server/services/tokens.ts stores them.
    `insert into sessions (token_hash, user_id, expires_at)
       select encode(sha256(convert_to('bench-staff-' || i, 'UTF8')), 'hex'), i, now() + interval '60 days' from generate_series(1, ${libraries}) i`,
    `insert into sessions (token_hash, user_id, expires_at)
       select encode(sha256(convert_to('bench-customer-' || i, 'UTF8')), 'hex'), i, now() + interval '60 days'
         from generate_series(${FIRST_CUSTOMER_ID}, ${FIRST_CUSTOMER_ID + SESSION_CUSTOMERS - 1}) i`,
    ...['users', 'libraries', 'books', 'rentals', 'reviews', 'sessions'].map(
      (table) => `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`,
    ),
    `analyze`,
  ];
}

export async function seed(client: pg.Client): Promise<number> {
  const started = performance.now();
  for (const statement of seedStatements()) await client.query(statement);
  return performance.now() - started;
}

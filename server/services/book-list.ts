import type { EntityManager } from '@mikro-orm/postgresql';
import { isbnKey } from '../../shared/isbn';
import { BOOKS_PAGE_DEFAULT, type Book } from '../../shared/schemas';
import { containsPattern, query, searchWords } from '../db/sql';
import { AS_ARRAYS, BOOK_SELECT, type BookRow, toBook } from './book-rows';

export interface BookFilter {
  libraryId: number;
  available?: boolean;
  /** Substring of the title or the author, whatever the case and accents (served by the trigram indexes). */
  search?: string;
  /** Only the book catalogued under this ISBN, in either form. */
  isbn?: string;
  /** Page size (default BOOKS_PAGE_DEFAULT; null: every one), and the book the page follows in the title-then-id order. */
  limit?: number | null;
  after?: number;
  /** Only the books this customer holds an active rental of. */
  rentedBy?: number;
}

/**
 * Title and author joined as the search reads them, by a separator no typed text holds; `search_text`
 * stores it folded as every search matches, lower case without accents, apostrophes, full stops and
 * hyphens (search_fold, Migrations 20261128000000 and 20261130000000), and `sort_title` the title folded
 * the same way, as each row is written, so a search does not fold each book it reads, nor a list each
 * title for the order.
 */
const SEARCH_TEXT = `(b.title || E'\\x1f' || b.author)`;
const SEARCH_SEPARATOR = '\u001f';
/** A book list's order: by title, then id. */
const TITLE_ORDER = 'b.sort_title, b.id';

/**
 * The books whose search text holds every three-character window of each of the search's `words` words,
 * each bound with the library (as `library_trigrams` writes them, each under its library), read from
 * books_library_trigrams (Migration20261124000000). The windows are the library's too, so this finds only
 * its books. Not a match by itself: the search text must still hold each whole word.
 * The windows are a sub-select so that the plan does not depend on them: the statement is prepared,
 * and after its first runs PostgreSQL reuses one plan instead of planning each search.
 */
const holdsSearchWindows = (words: number) =>
  `library_trigrams(b.library_id, ${SEARCH_TEXT}) @> (select ${Array<string>(words).fill('library_trigrams(?, ?)').join(' || ')})`;
/** A word this long has a window (counted in characters, as PostgreSQL counts them). */
const WINDOW_LENGTH = 3;
/**
 * A word's windows are counted from its letters, digits and spaces only: search_fold drops apostrophes,
 * full stops, hyphens (Migration20261130000000) and combining marks, and "d.r" must not ask for a
 * window its folded "dr" has not. Modifier letters (ʻ, ʼ, ˈ), which unaccent makes apostrophes, and other
 * signs count none either: a word counted short is read without the index, which finds it all the same.
 */
const NOT_COUNTED = /[^\p{L}\p{N}\s]|\p{Lm}/gu;
const hasWindow = (word: string) => [...word.replace(NOT_COUNTED, '')].length >= WINDOW_LENGTH;

/**
 * Title order, as the lists page through it: the book `b` comes after the book whose id is bound, at that
 * book's place now. It holds even if the book has left the list since (rented, say); retitled since, the
 * next page follows its new title, and the client drops the rows it already lists (lib/paging.ts).
 */
export const AFTER_BOOK_IN_TITLE_ORDER = `(${TITLE_ORDER}) > (select a.sort_title, a.id from books a where a.id = ?)`;

/**
 * Each list's statement by its conditions, built once (they are a few fixed texts): its text keys the
 * prepared statement (db/sql.ts), and a text of 27 columns built anew would be hashed in full each call.
 */
const listStatements = new Map<string, string>();

/** How many books a list answers: its limit, or a page (null: every one, PostgreSQL's LIMIT ALL). */
export const booksLimit = (filter: { limit?: number | null }): number | null => (filter.limit === undefined ? BOOKS_PAGE_DEFAULT : filter.limit);

/** The statement listBooks runs for `filter` (the benchmark runs it too, as its floor): `?` placeholders. */
export function bookListStatement(filter: BookFilter): { sql: string; params: unknown[]; prepared: boolean } {
  // A search with a word of a window or more reads the library's books that hold its words' windows; any
  // other list reads the library's books.
  const words = filter.search ? searchWords(filter.search) : [];
  const windowed = words.filter(hasWindow);
  const byWindows = windowed.length > 0;
  const where = [byWindows ? holdsSearchWindows(windowed.length) : 'b.library_id = ?'];
  const params: unknown[] = byWindows ? windowed.flatMap((word) => [filter.libraryId, word]) : [filter.libraryId];
  if (filter.available !== undefined) where.push(filter.available ? 'b.available_count > 0' : 'b.available_count = 0');
  if (filter.isbn !== undefined) {
    where.push('b.isbn13 = ?');
    params.push(isbnKey(filter.isbn));
  }
  if (filter.rentedBy !== undefined) {
    where.push('exists (select 1 from rentals r where r.book_id = b.id and r.customer_id = ? and r.returned_at is null)');
    params.push(filter.rentedBy);
  }
  for (const word of words) {
    // Both sides folded (search_fold), then `like`, as PostgreSQL runs `ilike`. A prepared search folds
    // its pattern once, in a sub-select (`search_fold(?)` would be run for each book read); one planned
    // for its pattern keeps it in sight of the planner.
    const pattern = containsPattern(word);
    where.push(byWindows ? 'b.search_text like (select search_fold(?))' : 'b.search_text like search_fold(?)');
    params.push(pattern);
    // A match can span title and author only when the word holds their separator; only then are the
    // two also tested apart.
    if (word.includes(SEARCH_SEPARATOR)) {
      where.push('(search_fold(b.title) like search_fold(?) or search_fold(b.author) like search_fold(?))');
      params.push(pattern, pattern);
    }
  }
  if (filter.after !== undefined) {
    where.push(AFTER_BOOK_IN_TITLE_ORDER);
    params.push(filter.after);
  }
  params.push(booksLimit(filter));
  const conditions = where.join(' and ');
  let sql = listStatements.get(conditions);
  if (!sql) listStatements.set(conditions, (sql = `select ${BOOK_SELECT} from books b where ${conditions} order by ${TITLE_ORDER} limit ?`));
  return {
    sql,
    params,
    // A search shorter than a window is planned for its pattern (a common letter is best read in title
    // order); every other list has one best plan, and is prepared.
    prepared: !filter.search || byWindows,
  };
}

export async function listBooks(em: EntityManager, filter: BookFilter): Promise<Book[]> {
  const { sql, params, prepared } = bookListStatement(filter);
  const rows = await query<BookRow>(em, sql, params, { prepared, ...AS_ARRAYS });
  return rows.map(toBook);
}

import { Migration } from '@mikro-orm/migrations';

/**
 * Searches match whatever the apostrophes, full stops and hyphens: "thiongo" finds Ngũgĩ wa Thiong'o,
 * "obrien" O'Brien, "dr seuss" Dr. Seuss, "jk rowling" J.K. Rowling and "spiderman" Spider-Man, as a
 * catalogue's search box does; typed with them, they are dropped from the search as from the book.
 * `search_fold` (Migration20261128000000) drops them after unaccent, which has already made plain the
 * typographic quotes and dashes and the modifier letters a name may be written with (ʼ, ʻ).
 * Everything folded by it is made anew: the windows of books_library_trigrams, the stored `search_text`
 * and `sort_title` (title order files O'Brien as OBrien, as libraries file it) and the customers' name
 * index. A search word's windows are counted without what the fold drops (services/book-list.ts).
 */
export class Migration20261130000000_search_folds_punctuation extends Migration {
  override async up(): Promise<void> {
    this.addSql(searchFold(`translate(lower(unaccent('unaccent'::regdictionary, $1)), '''.-', '')`));
    this.addSql(rebuildFolded);
  }

  override async down(): Promise<void> {
    this.addSql(searchFold(`lower(unaccent('unaccent'::regdictionary, $1))`));
    this.addSql(rebuildFolded);
  }
}

const searchFold = (body: string) => `create or replace function search_fold(text) returns text
  language sql immutable strict parallel safe
  return ${body};`;

const rebuildFolded = `reindex index "books_library_trigrams";
alter table "books" drop column "search_text", drop column "sort_title";
alter table "books" add column "search_text" text generated always as (search_fold("title" || E'\\x1f' || "author")) stored,
  add column "sort_title" text generated always as (search_fold("title")) stored;
create index "books_library_title_order" on "books" ("library_id", "sort_title", "id");
create index "books_library_never_rented" on "books" ("library_id", "sort_title", "id") where not "ever_rented";
reindex index "users_display_name_trgm";`;

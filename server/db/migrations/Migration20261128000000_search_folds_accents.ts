import { Migration } from '@mikro-orm/migrations';

/**
 * Searches match whatever the accents: "garcia marquez" finds García Márquez, "bronte" Brontë,
 * "aesop" Æsop, and a title written with combining marks is found by its plain letters. `search_fold`
 * is the one folding every search uses, on both sides of each match: lower case without accents, by
 * PostgreSQL's unaccent dictionary (also ligatures, and typographic dashes and quotes as their plain
 * forms). The dictionary is named by its oid, so the function does not depend on the search path, and
 * it can serve a generated column and an index.
 * - books: `search_text` and the windows of books_library_trigrams, which library_trigrams now folds;
 * - users: the customers' search by name, and its trigram index.
 * library_trigrams names search_fold by its schema: PostgreSQL runs an index's functions with only
 * pg_catalog on the search path when it maintains the index (REINDEX, ANALYZE, autovacuum), and a
 * PL/pgSQL body is resolved when it runs, so it is written with the schema the migration runs in.
 */
export class Migration20261128000000_search_folds_accents extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create extension if not exists unaccent;`);
    this.addSql(`create function search_fold(text) returns text
  language sql immutable strict parallel safe
  return lower(unaccent('unaccent'::regdictionary, $1));`);
    this.addSql(libraryTrigrams('%I.search_fold(search_text)'));
    this.addSql(`reindex index "books_library_trigrams";`);
    this.addSql(`alter table "books" drop column "search_text";`);
    this.addSql(`alter table "books" add column "search_text" text generated always as (search_fold("title" || E'\\x1f' || "author")) stored;`);
    this.addSql(`drop index "users_display_name_trgm";`);
    this.addSql(`create index "users_display_name_trgm" on "users" using gin (search_fold("display_name") gin_trgm_ops);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "users_display_name_trgm";`);
    this.addSql(`create index "users_display_name_trgm" on "users" using gin (lower("display_name") gin_trgm_ops);`);
    this.addSql(`alter table "books" drop column "search_text";`);
    this.addSql(`alter table "books" add column "search_text" text generated always as (lower("title" || E'\\x1f' || "author")) stored;`);
    this.addSql(libraryTrigrams('lower(search_text)'));
    this.addSql(`reindex index "books_library_trigrams";`);
    this.addSql(`drop function search_fold(text);`);
  }
}

/**
 * library_trigrams (Migration20261126000000) with its text folded by `fold`, created by a block that
 * writes the current schema where `fold` has `%I`.
 */
const libraryTrigrams = (fold: string) => `do $block$ begin execute format($definition$
create or replace function library_trigrams(library_id integer, search_text text) returns text[]
  language plpgsql immutable strict parallel safe
as $$
declare
  lowered text := ${fold};
  prefix text := library_id || ':';
  windows text[] := '{}';
begin
  for i in 1 .. length(lowered) - 2 loop
    windows := windows || (prefix || substr(lowered, i, 3));
  end loop;
  return nullif(windows, '{}');
end
$$;$definition$, current_schema()); end $block$;`;

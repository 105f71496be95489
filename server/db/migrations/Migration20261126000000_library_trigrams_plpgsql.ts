import { Migration } from '@mikro-orm/migrations';

/**
 * library_trigrams (Migration20261124000000) in PL/pgSQL, giving the same windows in the same order.
 * As a SQL function that cannot be inlined (its body is a sub-select), each statement calling it set
 * its body up anew: a search computes its own windows once, and that set-up was a fifth of its time
 * (bench database, one client, prepared: 319 → 266 µs per search by a fragment, 200 → 138 µs by a
 * word). PL/pgSQL keeps its plans for the session, and its loop is also quicker per call: 36 → 14 µs
 * for a title and author of 30 characters, which every book written computes for the index.
 * The index's entries are unchanged, so it stays as built.
 */
export class Migration20261126000000_library_trigrams_plpgsql extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create or replace function library_trigrams(library_id integer, search_text text) returns text[]
  language plpgsql immutable strict parallel safe
as $$
declare
  lowered text := lower(search_text);
  prefix text := library_id || ':';
  windows text[] := '{}';
begin
  for i in 1 .. length(lowered) - 2 loop
    windows := windows || (prefix || substr(lowered, i, 3));
  end loop;
  return nullif(windows, '{}');
end
$$;`);
  }

  override async down(): Promise<void> {
    this.addSql(`create or replace function library_trigrams(library_id integer, search_text text) returns text[]
  language sql immutable strict parallel safe
  return nullif(array(select library_id || ':' || substr(lower(search_text), i, 3) from generate_series(1, length(lower(search_text)) - 2) as i), '{}');`);
  }
}

import type { TestApp } from './harness';

/**
 * What a refused call may still write: its rate-limit counter (the point of counting refusals)
 * and a session's sliding last_seen_at. Everything else must stay as it was.
 */
const CHANGES_ALLOWED: Record<string, string[]> = { rate_limits: ['*'], sessions: ['last_seen_at'], mikro_orm_migrations: ['*'] };

interface TableShape {
  table: string;
  columns: string[];
  primaryKey: string[];
}

async function tableShapes(t: TestApp): Promise<TableShape[]> {
  const rows = await t.sql<{ table: string; columns: string[]; primary_key: string[] | null }>(
    `select c.relname as table,
            array(select a.attname from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped order by a.attnum)::text[] as columns,
            array(select a.attname from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
                   where i.indrelid = c.oid and i.indisprimary order by a.attnum)::text[] as primary_key
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' order by c.relname`,
  );
  return rows
    .filter((r) => CHANGES_ALLOWED[r.table]?.[0] !== '*')
    .map((r) => ({
      table: r.table,
      columns: r.columns.filter((c) => !CHANGES_ALLOWED[r.table]?.includes(c)),
      primaryKey: r.primary_key?.length ? r.primary_key : r.columns,
    }));
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * An md5 of each table's rows ordered by primary key, in one query: equal digests mean
 * no row was added, removed or changed.
 */
async function databaseDigest(t: TestApp, shapes?: TableShape[]): Promise<Record<string, string>> {
  const tables = shapes ?? (await tableShapes(t));
  const query = tables
    .map(
      ({ table, columns, primaryKey }) =>
        `select '${table}' as table, coalesce(md5(string_agg(row(${columns.map(quote).join(', ')})::text, '|' order by ${primaryKey.map(quote).join(', ')})), '') as digest from ${quote(table)}`,
    )
    .join(' union all ');
  const rows = await t.sql<{ table: string; digest: string }>(query);
  return Object.fromEntries(rows.map((r) => [r.table, r.digest]));
}

/** Reads the tables once, then digests them cheaply as often as needed. */
export async function digester(t: TestApp) {
  const shapes = await tableShapes(t);
  return () => databaseDigest(t, shapes);
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initOrm, type Orm } from '../../server/db/orm';
import { numbered, preparedStatement, query } from '../../server/db/sql';
import { bookListStatement } from '../../server/services/book-list';
import { createTestDatabase } from '../../server/test/harness';
import { floorPool } from './floor-pool';

let orm: Orm;
let pool: ReturnType<typeof floorPool>;
let libraryId: number;

beforeAll(async () => {
  const url = await createTestDatabase();
  orm = await initOrm(url);
  pool = floorPool(url, 2);
  afterAll(() => pool.end().then(() => orm.close()));
  [{ id: libraryId }] = await query<{ id: number }>(orm.em, `insert into libraries (name) values ('Floor Library') returning id`);
  await query(
    orm.em,
    `insert into books (library_id, isbn, isbn13, title, author, quantity, available_count, acquisition_date, categories, description)
     values (?, '9780306406157', '9780306406157', 'The Gourmet Atlas', 'Ada Gould', 2, 1, '2024-02-29', ?::text[], 'Maps "and" menus')`,
    [libraryId, ['Travel', 'Food, Drink']],
  );
});

/** The rows a statement gives through the app's driver and through the floor's pool, read as each reads them. */
async function bothWays(sql: string, params: unknown[], prepared: boolean) {
  const app = await query(orm.em, sql, params, { prepared, rowMode: 'array' });
  const floor = await pool.query({ ...(prepared ? preparedStatement(sql) : { text: numbered(sql) }), values: params, rowMode: 'array' });
  return { app, floor: floor.rows };
}

describe("the benchmark floor's pool", () => {
  it("reads a search's page of books as the app reads it", async () => {
    const { sql, params, prepared } = bookListStatement({ libraryId, search: 'gou' });
    const { app, floor } = await bothWays(sql, params, prepared);
    expect(app).toHaveLength(1);
    expect(floor).toEqual(app);
  });

  it('reads dates, times, intervals and text arrays as the app does: timestamps as their text, not as Dates', async () => {
    const { app, floor } = await bothWays(
      `select timestamptz '2026-11-25 09:30:00.25+00' as at, timestamp '2026-11-25 09:30' as local, date '2024-02-29' as day,
        interval '1 day 2 hours' as span, array['a', 'b,c']::text[] as texts`,
      [],
      false,
    );
    expect(floor).toEqual(app);
    expect(floor[0].slice(0, 4).map((value: unknown) => typeof value)).toEqual(['string', 'string', 'string', 'string']);
  });
});

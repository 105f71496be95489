import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/harness';
import { initOrm, type Orm } from './orm';
import { query, toDate } from './sql';

let orm: Orm;

beforeAll(async () => {
  orm = await initOrm(await createTestDatabase());
  afterAll(() => orm.close());
});

const STATEMENT = `select ? as title, ?::int as copies`;

describe('query', () => {
  it('answers rows as objects by column name, prepared or not, in a transaction or not', async () => {
    expect(await query(orm.em, STATEMENT, ['Dune', 2])).toEqual([{ title: 'Dune', copies: 2 }]);
    expect(await query(orm.em, STATEMENT, ['Dune', 2], { prepared: true })).toEqual([{ title: 'Dune', copies: 2 }]);
    const inTransaction = await orm.em.transactional((tx) => query(tx, STATEMENT, ['Emma', 3], { prepared: true }));
    expect(inTransaction).toEqual([{ title: 'Emma', copies: 3 }]);
  });

  it('answers rows as arrays in select-list order with rowMode array, in a transaction too', async () => {
    expect(await query<[string, number]>(orm.em, STATEMENT, ['Dune', 2], { rowMode: 'array' })).toEqual([['Dune', 2]]);
    expect(await query<[string, number]>(orm.em, STATEMENT, ['Dune', 2], { rowMode: 'array', prepared: true })).toEqual([['Dune', 2]]);
    const inTransaction = await orm.em.transactional((tx) => query<[string, number]>(tx, STATEMENT, ['Emma', 3], { rowMode: 'array' }));
    expect(inTransaction).toEqual([['Emma', 3]]);
  });

  it('reads text arrays back as they were written, whatever PostgreSQL quotes in them', async () => {
    const texts = ['Fiction', 'Fiction / Classics', '', 'NULL', 'a,b', '{braces}', 'say "hi"', 'back\\slash', ' padded ', 'Ébène 📚', 'tab\there'];
    const [row] = await query<{ texts: string[]; withNull: (string | null)[]; empty: string[]; nested: string[][]; varchars: string[] }>(
      orm.em,
      `select ?::text[] as texts, array['x', null]::text[] as "withNull", '{}'::text[] as empty, '{{a,b},{c,d}}'::text[] as nested, array['v']::varchar[] as varchars`,
      [texts],
    );
    expect(row).toEqual({ texts, withNull: ['x', null], empty: [], nested: [['a', 'b'], ['c', 'd']], varchars: ['v'] });
  });

  it('reads dates and timestamps back as the instants PostgreSQL holds, in any session time zone', async () => {
    const instants = ['2026-11-25T02:59:45.422735Z', '2026-11-25T02:59:45Z', '2026-11-25T02:59:45.1Z', '1969-12-31T23:59:59.9995Z', '1000-01-01T00:00:00Z', '1850-06-01T12:00:00Z', '9999-12-31T23:59:59.999999Z'];
    for (const zone of ['UTC', 'Asia/Kolkata', 'America/St_Johns', 'Europe/Amsterdam', 'Pacific/Chatham']) {
      const rows = await orm.em.transactional(async (tx) => {
        await query(tx, `select set_config('TimeZone', ?, true)`, [zone]);
        return query<{ at: string; ms: string; day: string; dayMs: string }>(
          tx,
          `select t::timestamptz as at, floor(extract(epoch from t::timestamptz) * 1000)::int8::text as ms,
                  t::timestamptz::date as day, (extract(epoch from t::timestamptz::date) * 1000)::int8::text as "dayMs"
             from unnest(?::text[]) as t`,
          [instants],
        );
      });
      for (const row of rows) {
        expect(toDate(row.at).getTime(), `${row.at} (${zone})`).toBe(Number(row.ms));
        expect(toDate(row.day).getTime(), `${row.day} (${zone})`).toBe(Number(row.dayMs));
      }
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/harness';
import { initOrm, type Orm } from './orm';
import { query } from './sql';

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
});

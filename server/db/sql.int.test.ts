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
});

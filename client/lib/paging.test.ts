import { describe, expect, it } from 'vitest';
import { nextAfterLast, uniqueRows } from './paging';

const byId = (row: { id: number }) => row.id;

describe('uniqueRows', () => {
  it('lists the pages in order, each row once, even when a later page holds a row again', () => {
    // 'Zen' (id 3) was renamed 'Apple' between the two pages: the second, read after its new place, holds it again.
    const pages = [
      [{ id: 1, title: 'Bee' }, { id: 3, title: 'Zen' }],
      [{ id: 1, title: 'Bee' }, { id: 3, title: 'Apple' }, { id: 4, title: 'Zoo' }],
    ];
    expect(uniqueRows(pages, byId)!.map((row) => row.id)).toEqual([1, 3, 4]);
  });

  it('is undefined while nothing is loaded, and empty for an empty page', () => {
    expect(uniqueRows(undefined, byId)).toBeUndefined();
    expect(uniqueRows([[]], byId)).toEqual([]);
  });
});

describe('nextAfterLast', () => {
  it('names the last row of a full page, and nothing after a short one', () => {
    const next = nextAfterLast(2, byId);
    expect(next([{ id: 5 }, { id: 9 }])).toBe(9);
    expect(next([{ id: 5 }])).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { paging } from './paging';

const byId = (row: { id: number }) => row.id;

describe('paging: rows', () => {
  it('lists the pages in order, each row once, even when a later page holds a row again', () => {
    // 'Zen' (id 3) was renamed 'Apple' between the two pages: the second, read after its new place, holds it again.
    const pages = [
      [{ id: 1, title: 'Bee' }, { id: 3, title: 'Zen' }],
      [{ id: 1, title: 'Bee' }, { id: 3, title: 'Apple' }, { id: 4, title: 'Zoo' }],
    ];
    expect(paging(3, byId).rows(pages)!.map((row) => row.id)).toEqual([1, 3, 4]);
  });

  it("leaves each page's extra row to the next page, where it shows once", () => {
    expect(paging(2, byId).rows([[{ id: 1 }, { id: 2 }, { id: 3 }]])!.map(byId)).toEqual([1, 2]);
    expect(paging(2, byId).rows([[{ id: 1 }, { id: 2 }, { id: 3 }], [{ id: 3 }]])!.map(byId)).toEqual([1, 2, 3]);
  });

  it('is undefined while nothing is loaded, and empty for an empty page', () => {
    expect(paging(2, byId).rows(undefined)).toBeUndefined();
    expect(paging(2, byId).rows([[]])).toEqual([]);
  });
});

describe('paging: limit and nextPage', () => {
  it('names the last row a page shows when the page holds its extra row, and nothing otherwise', () => {
    const { limit, nextPage } = paging(2, byId);
    expect(limit).toBe(3);
    expect(nextPage([{ id: 5 }, { id: 9 }, { id: 12 }])).toBe(9);
    // A list ending on a page's last row has no next page to offer.
    expect(nextPage([{ id: 5 }, { id: 9 }])).toBeUndefined();
    expect(nextPage([{ id: 5 }])).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { nextAfterLast, pageLimit, pagedRows } from './paging';

const byId = (row: { id: number }) => row.id;

describe('pagedRows', () => {
  it('lists the pages in order, each row once, even when a later page holds a row again', () => {
    // 'Zen' (id 3) was renamed 'Apple' between the two pages: the second, read after its new place, holds it again.
    const pages = [
      [{ id: 1, title: 'Bee' }, { id: 3, title: 'Zen' }],
      [{ id: 1, title: 'Bee' }, { id: 3, title: 'Apple' }, { id: 4, title: 'Zoo' }],
    ];
    expect(pagedRows(pages, 3, byId)!.map((row) => row.id)).toEqual([1, 3, 4]);
  });

  it("leaves each page's extra row to the next page, where it shows once", () => {
    expect(pagedRows([[{ id: 1 }, { id: 2 }, { id: 3 }]], 2, byId)!.map(byId)).toEqual([1, 2]);
    expect(pagedRows([[{ id: 1 }, { id: 2 }, { id: 3 }], [{ id: 3 }]], 2, byId)!.map(byId)).toEqual([1, 2, 3]);
  });

  it('is undefined while nothing is loaded, and empty for an empty page', () => {
    expect(pagedRows(undefined, 2, byId)).toBeUndefined();
    expect(pagedRows([[]], 2, byId)).toEqual([]);
  });
});

describe('nextAfterLast', () => {
  it('names the last row a page shows when the page holds its extra row, and nothing otherwise', () => {
    const next = nextAfterLast(2, byId);
    expect(pageLimit(2)).toBe(3);
    expect(next([{ id: 5 }, { id: 9 }, { id: 12 }])).toBe(9);
    // A list ending on a page's last row has no next page to offer.
    expect(next([{ id: 5 }, { id: 9 }])).toBeUndefined();
    expect(next([{ id: 5 }])).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { shareUnchanged } from './share-unchanged';

const book = (id: number, quantity = 1) => ({ id, quantity, title: `Book ${id}`, createdAt: new Date(Date.UTC(2026, 0, id)), categories: ['a'] });

describe('an answer sharing what is unchanged with the last one', () => {
  it('keeps each unchanged row, Dates and all, as the same object, and gives a changed one anew', () => {
    const before = [[book(1), book(2)], [book(3)]];
    const after = [[book(1), book(2, 5)], [book(3)]];
    const shared = shareUnchanged(before, after) as typeof before;
    expect(shared).toEqual(after);
    expect(shared[0]![0]).toBe(before[0]![0]);
    expect(shared[1]).toBe(before[1]);
    expect(shared[0]![1]).not.toBe(before[0]![1]);
    expect(shared[0]![1]!.createdAt).toBe(before[0]![1]!.createdAt);
  });

  it('answers the last answer itself when nothing changed', () => {
    const before = { pages: [[book(1)]], pageParams: [undefined] };
    expect(shareUnchanged(before, { pages: [[book(1)]], pageParams: [undefined] })).toBe(before);
  });

  it('takes what changed: a Date of another time, a key more or less, a longer list', () => {
    const one = book(1);
    expect(shareUnchanged(one, { ...book(1), createdAt: new Date(0) })).toEqual({ ...book(1), createdAt: new Date(0) });
    const { categories: _dropped, ...fewer } = book(1);
    expect(shareUnchanged(one, fewer)).toEqual(fewer);
    expect(shareUnchanged(fewer, one)).toEqual(one);
    expect(shareUnchanged([one], [one, book(2)])).toEqual([one, book(2)]);
    expect(shareUnchanged([one, book(2)], [one])).toEqual([one]);
    expect(shareUnchanged({ user: null }, { user: { id: 1 } })).toEqual({ user: { id: 1 } });
    expect(shareUnchanged({ a: 1, b: 2 }, { a: 1, c: undefined })).toEqual({ a: 1, c: undefined });
  });
});

import { describe, expect, it } from 'vitest';
import { searchStatusText } from './SearchStatus';

describe('searchStatusText', () => {
  const say = (search: string, count: number | undefined, more = false) => searchStatusText({ search, count, more }, ['book', 'books']);

  it('says how many a search found, none included, naming the search, and "more than" when a next page waits', () => {
    expect(say('orwell', 2)).toBe('2 books found for "orwell"');
    expect(say('dune', 1)).toBe('1 book found for "dune"');
    expect(say('the', 50, true)).toBe('More than 50 books found for "the"');
    expect(say('zzz', 0)).toBe('0 books found for "zzz"');
  });

  it('says nothing without a search, or while its results are being read', () => {
    expect(say('', 12)).toBe('');
    expect(say('orwell', undefined)).toBe('');
  });
});

import { type InfiniteData, QueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { describe, expect, it } from 'vitest';
import type { Book } from '../../shared/schemas';
import { trpc } from '../trpc';
import { putBookInLists } from './book-lists';

const book = (id: number, libraryId: number, quantity = 1) => ({ id, libraryId, quantity, title: `Book ${id}` }) as Book;

describe('a changed book put in the cached lists', () => {
  it('replaces it in every list and page of its library, and leaves other books and libraries as they were', () => {
    const client = new QueryClient();
    const [one, two, three, elsewhere] = [book(1, 7), book(2, 7), book(3, 7), book(2, 8)];
    const pagesKey = getQueryKey(trpc.books.list, { libraryId: 7, limit: 50 }, 'infinite');
    const searchKey = getQueryKey(trpc.books.list, { libraryId: 7, search: 'book' }, 'query');
    const otherKey = getQueryKey(trpc.books.list, { libraryId: 8 }, 'query');
    const firstPage = [one];
    client.setQueryData(pagesKey, { pages: [firstPage, [two, three]], pageParams: [undefined, 1] });
    client.setQueryData(searchKey, [two]);
    client.setQueryData(otherKey, [elsewhere]);

    const changed = book(2, 7, 5);
    putBookInLists(client, changed);

    const pages = client.getQueryData<InfiniteData<Book[]>>(pagesKey)!;
    expect(pages.pages).toEqual([[one], [changed, three]]);
    // Unchanged books and pages stay the same objects, so their rows are not drawn again.
    expect(pages.pages[0]).toBe(firstPage);
    expect(pages.pages[1][1]).toBe(three);
    expect(pages.pageParams).toEqual([undefined, 1]);
    expect(client.getQueryData(searchKey)).toEqual([changed]);
    expect(client.getQueryData(otherKey)).toEqual([elsewhere]);
  });
});

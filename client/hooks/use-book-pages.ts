import { useMemo } from 'react';
import { BOOKS_PAGE_DEFAULT } from '../../shared/schemas';
import { nextAfterLast } from '../lib/paging';
import { trpc } from '../trpc';

/**
 * A library's books a page at a time (tRPC passes the page param as `cursor`: the last book's id).
 * `books` is every loaded page, flattened; `utils.books.list.invalidate()` refreshes it too.
 */
export function useBookPages(input: { libraryId: number; available?: boolean }) {
  const query = trpc.books.list.useInfiniteQuery(
    { ...input, limit: BOOKS_PAGE_DEFAULT },
    { getNextPageParam: nextAfterLast(BOOKS_PAGE_DEFAULT, (book) => book.id) },
  );
  const books = useMemo(() => query.data?.pages.flat(), [query.data]);
  return { query, books };
}

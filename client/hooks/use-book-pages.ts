import { useMemo } from 'react';
import { nextOffset } from '../lib/paging';
import { trpc } from '../trpc';

/** Books per page the dashboards ask for; the server caps a page at 200. */
export const BOOK_PAGE_SIZE = 50;

/**
 * A library's books a page at a time (tRPC passes the page param as `cursor`, an offset).
 * `books` is every loaded page, flattened; `utils.books.list.invalidate()` refreshes it too.
 */
export function useBookPages(input: { libraryId: number; available?: boolean }) {
  const query = trpc.books.list.useInfiniteQuery(
    { ...input, limit: BOOK_PAGE_SIZE },
    { getNextPageParam: nextOffset(BOOK_PAGE_SIZE) },
  );
  const books = useMemo(() => query.data?.pages.flat(), [query.data]);
  return { query, books };
}

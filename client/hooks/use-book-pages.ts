import { useMemo } from 'react';
import { BOOKS_PAGE_DEFAULT, type Book } from '../../shared/schemas';
import { keepPreviousWhileOnline } from '../lib/keep-previous';
import { paging } from '../lib/paging';
import { trpc } from '../trpc';

const bookPages = paging(BOOKS_PAGE_DEFAULT, (book: Book) => book.id);

/**
 * A library's books a page at a time (tRPC passes the page param as `cursor`: the last book's id),
 * those whose title or author holds `search` when given. `books` is every loaded page, flattened;
 * `utils.books.list.invalidate()` refreshes it too. While a new search loads, the last one's books
 * stay on screen; offline nothing loads, and they would stand as its answer, so it has none until then.
 * `enabled: false` asks for nothing (the kiosk, until something is typed).
 */
export function useBookPages({ search, ...input }: { libraryId: number; available?: boolean; search?: string }, { enabled = true } = {}) {
  const query = trpc.books.list.useInfiniteQuery(
    { ...input, ...(search ? { search } : {}), limit: bookPages.limit },
    {
      enabled,
      getNextPageParam: bookPages.nextPage,
      // The dashboards are keyed by library, so the last answer this list had is always this library's.
      placeholderData: keepPreviousWhileOnline,
    },
  );
  const books = useMemo(() => bookPages.rows(query.data?.pages), [query.data]);
  return { query, books };
}

import { BOOKS_PAGE_DEFAULT, type Book } from '../../shared/schemas';
import { paging } from '../lib/paging';
import { trpc } from '../trpc';
import { usePagedQuery } from './use-paged-query';

const bookPages = paging(BOOKS_PAGE_DEFAULT, (book: Book) => book.id);

/**
 * A library's books a page at a time (usePagedQuery), those whose title or author holds `search` when given.
 * `books` is every loaded page, flattened; `utils.books.list.invalidate()` refreshes it too. While a new search
 * loads, the last one's books stay on screen. `enabled: false` asks for nothing (the kiosk, until something is typed).
 */
export function useBookPages({ search, ...input }: { libraryId: number; available?: boolean; search?: string }, { enabled = true } = {}) {
  const { query, rows } = usePagedQuery(trpc.books.list, { ...input, ...(search ? { search } : {}) }, bookPages, { enabled });
  return { query, books: rows };
}

import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import type { Book } from '../../shared/schemas';
import { trpc } from '../trpc';

type BookListData = Book[] | InfiniteData<Book[]>;

/**
 * A book as the server now has it, put in its place in every cached list of its library (a list, or a
 * list's loaded pages), other books left as they were. A change that cannot move a book within or out
 * of a list (its copy count, in a list that is not filtered by availability) then needs no list read
 * again: a librarian with 1,000 books loaded would otherwise wait for 20 pages, one after another.
 */
export function putBookInLists(queryClient: QueryClient, book: Book) {
  const replace = (books: Book[]) => (books.some((b) => b.id === book.id) ? books.map((b) => (b.id === book.id ? book : b)) : books);
  queryClient.setQueriesData<BookListData>({ queryKey: getQueryKey(trpc.books.list, { libraryId: book.libraryId }) }, (data) => {
    if (!data) return data;
    return Array.isArray(data) ? replace(data) : { ...data, pages: data.pages.map(replace) };
  });
}

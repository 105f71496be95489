import { addBookInput, libraryQuery, bookSchema, booksQuery, booksResponse, bookStatusInput, bookStatusResponse, setQuantityInput, updateBookDetailsInput } from '../../shared/schemas';
import { booksLimit, listBooks } from '../services/book-list';
import { addBook, bookStatus, setQuantity, updateBookDetails } from '../services/books';
import { libraryProcedure, router, staffProcedure, syncOutput } from '../trpc/procedures';

export const booksRouter = router({
  /** Any signed-in user may browse a library's catalogue. */
  list: libraryProcedure
    .meta({ rest: { method: 'GET', path: '/_api/books', wire: 'superjson', paging: { limit: booksLimit, cursor: 'id' } } })
    .input(booksQuery)
    .output(syncOutput(booksResponse))
    .query(({ ctx, input }) => listBooks(ctx.em, { ...input, after: input.cursor })),

  /** The books the signed-in customer has out at this library (My Rentals), wherever they sit in the catalogue's pages. */
  rentedByMe: libraryProcedure
    .input(libraryQuery)
    .output(syncOutput(booksResponse))
    // Whole, however many: each is a Return Book on the dashboard, which has no second page of them.
    .query(({ ctx, input }) => listBooks(ctx.em, { libraryId: input.libraryId, rentedBy: ctx.user.id, limit: null })),

  add: staffProcedure
    .meta({ rest: { method: 'POST', path: '/_api/library/books', wire: 'superjson' } })
    .input(addBookInput)
    .output(syncOutput(bookSchema))
    .mutation(({ ctx, input }) => addBook(ctx.em, input)),

  setQuantity: staffProcedure
    .meta({ rest: { method: 'POST', path: '/_api/book/quantity', wire: 'superjson' } })
    .input(setQuantityInput)
    .output(syncOutput(bookSchema))
    .mutation(({ ctx, input }) => setQuantity(ctx.em, input.libraryId, input.bookId, input.quantity, input.previousQuantity)),

  /** Not a documented path: the spec has no call for it, so only the app's own client makes it. */
  updateDetails: staffProcedure
    .input(updateBookDetailsInput)
    .output(syncOutput(bookSchema))
    .mutation(({ ctx, input }) =>
      updateBookDetails(ctx.em, input.libraryId, input.bookId, input, { title: input.previousTitle, author: input.previousAuthor }),
    ),

  /**
   * A read, so a query; the REST facade answers it on POST as the spec names it.
   * Staff see any active rental of the book; anyone else only their own (the dashboard's scan flow): ctx.rentalsOf.
   */
  status: libraryProcedure
    .meta({ rest: { method: 'POST', path: '/_api/book/status', wire: 'superjson' } })
    .input(bookStatusInput)
    .output(syncOutput(bookStatusResponse))
    .query(({ ctx, input }) => bookStatus(ctx.em, input.libraryId, input.isbn, ctx.rentalsOf)),
});

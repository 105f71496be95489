import { lookupInput, lookupResponse } from '../../shared/schemas';
import { lookupBook } from '../services/lookup/lookup-book';
import { authedProcedure, router, syncOutput } from '../trpc/procedures';

export const lookupRouter = router({
  /** A query, so the client can cache it forever; the REST facade answers it on POST as the spec names it. */
  lookup: authedProcedure
    .meta({ rest: { method: 'POST', path: '/_api/book/lookup', wire: 'superjson' } })
    .input(lookupInput)
    .output(syncOutput(lookupResponse))
    .query(async ({ ctx, input }) => ({ book: await lookupBook(ctx.em, ctx.config, input.isbn, { userId: ctx.user.id, libraryId: input.libraryId }, ctx.req.log) })),
});

import { postReviewInput, reviewResponse, reviewsQuery, reviewsResponse } from '../../shared/schemas';
import { listReviews, postReview } from '../services/reviews';
import { authedProcedure, publicProcedure, router, syncOutput } from '../trpc/procedures';

export const reviewsRouter = router({
  /** Anyone may read reviews. */
  list: publicProcedure
    .meta({ rest: { method: 'GET', path: '/_api/book/reviews', wire: 'superjson' } })
    .input(reviewsQuery)
    .output(syncOutput(reviewsResponse))
    .query(async ({ ctx, input }) => ({ reviews: await listReviews(ctx.em, input.bookId) })),

  post: authedProcedure
    .meta({ rest: { method: 'POST', path: '/_api/book/reviews', wire: 'superjson' } })
    .input(postReviewInput)
    .output(syncOutput(reviewResponse))
    .mutation(async ({ ctx, input }) => ({ review: await postReview(ctx.em, ctx.user.id, input) })),
});

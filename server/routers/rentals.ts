import type { EntityManager } from '@mikro-orm/postgresql';
import { emptyInput, myRentalsQuery, ownRentalsResponse, RENTAL_HISTORY_PAGE_DEFAULT, rentalHistoryQuery, rentalsQuery, rentalsResponse, rentResponse, returnResponse } from '../../shared/schemas';
import { listOwnRentals, listRentals, rentalsLimit, rentBook, returnRental } from '../services/rentals';
import { authedProcedure, kioskRentProcedure, rentalProcedure, rentProcedure, router, staffProcedure, syncOutput } from '../trpc/procedures';

/** Both rent doors end alike: their procedure builder has already settled who the renter is. */
async function rentForRenter({ ctx, input }: { ctx: { em: EntityManager; renter: { id: number } }; input: { libraryId: number; isbn: string } }) {
  return { rental: await rentBook(ctx.em, { libraryId: input.libraryId, isbn: input.isbn, customerId: ctx.renter.id }) };
}

/** Both return names end alike: their procedure builder has already loaded the rental and checked who may return it. */
async function returnLoadedRental({ ctx }: { ctx: { em: EntityManager; rental: { id: number } } }) {
  return { rental: await returnRental(ctx.em, ctx.rental.id) };
}

export const rentalsRouter = router({
  rent: rentProcedure
    .meta({ rest: { method: 'POST', path: '/_api/books/rent', wire: 'superjson' } })
    .output(syncOutput(rentResponse))
    .mutation(rentForRenter),

  kioskRent: kioskRentProcedure
    .meta({ rest: { method: 'POST', path: '/_api/kiosk/rental', wire: 'superjson' } })
    .output(syncOutput(rentResponse))
    .mutation(rentForRenter),

  /** The spec documents two return paths taking {rentalId}; this one procedure answers on both. */
  return: rentalProcedure
    .meta({ rest: { method: 'POST', path: ['/_api/books/return', '/_api/book/return-by-rental'], wire: 'superjson' } })
    .output(syncOutput(returnResponse))
    .mutation(returnLoadedRental),

  /**
   * The same return under the name that app versions before 2026-11-29 call it by through /trpc: a kiosk or tab
   * still running one (a waiting update is applied only between patrons) must still return books. No REST path.
   */
  returnByRental: rentalProcedure.output(syncOutput(returnResponse)).mutation(returnLoadedRental),

  /** A library's rentals, for its staff. */
  list: staffProcedure
    .meta({ rest: { method: 'GET', path: '/_api/rentals', wire: 'superjson', paging: { limit: rentalsLimit, cursor: 'rentalId' } } })
    .input(rentalsQuery)
    .output(syncOutput(rentalsResponse))
    .query(({ ctx, input }) => listRentals(ctx.em, { ...input, after: input.cursor })),

  /** The signed-in user's own rentals, optionally at one library. */
  mine: authedProcedure
    .input(myRentalsQuery)
    .output(syncOutput(rentalsResponse))
    .query(({ ctx, input }) => listRentals(ctx.em, { ...input, customerId: ctx.user.id })),

  /** The signed-in user's active rentals at every library, with the libraries' names (the profile's list). */
  mineEverywhere: authedProcedure
    .input(emptyInput)
    .output(syncOutput(ownRentalsResponse))
    .query(({ ctx }) => listOwnRentals(ctx.em, ctx.user.id)),

  /** The signed-in user's returned rentals at every library, a page at a time (the profile's Rental History). */
  myHistory: authedProcedure
    .input(rentalHistoryQuery)
    .output(syncOutput(ownRentalsResponse))
    .query(({ ctx, input }) => listOwnRentals(ctx.em, ctx.user.id, { returned: true, limit: input.limit ?? RENTAL_HISTORY_PAGE_DEFAULT, after: input.cursor })),
});

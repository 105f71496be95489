import { z } from 'zod';
import type { Role } from '../../shared/constants';
import { kioskRentalInput, positiveId, rentInput, returnInput } from '../../shared/schemas';
import { forbidden, notFound, unauthorized } from '../errors';
import { canManageLibrary, findLibrary, libraryNotFound } from '../services/libraries';
import { findRentalOwner, RENTAL_NOT_FOUND } from '../services/rentals';
import { findUserBy, type UserRow } from '../services/users';
import type { Context } from './context';
import { publicProcedure } from './init';

/** Signed in: ctx.user is present. */
export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw unauthorized();
  return next({ ctx: { user: ctx.user } });
});

export const roleProcedure = (roles: Role[], message?: string) =>
  authedProcedure.use(({ ctx, next }) => {
    if (!roles.includes(ctx.user.role)) throw forbidden(message);
    return next();
  });

/** Signed in, and the input's libraryId names a library (ctx.library). Any signed-in user may browse one. */
export const libraryProcedure = authedProcedure
  .input(z.object({ libraryId: positiveId('Library ID must be a positive integer') }))
  .use(async ({ ctx, input, next }) => {
    const library = await findLibrary(ctx.em, input.libraryId);
    if (!library) throw notFound(libraryNotFound(input.libraryId));
    return next({ ctx: { library } });
  });

export const NOT_LIBRARY_STAFF = 'You are not a staff member of this library.';

/** Staff of the library named by the input's libraryId, or a platform admin. */
export const staffProcedure = libraryProcedure.use(async ({ ctx, next }) => {
  if (!(await canManageLibrary(ctx.em, ctx.user, ctx.library.id))) throw forbidden(NOT_LIBRARY_STAFF);
  return next();
});

/**
 * A rental the caller may act on: their own, or one at a library they staff (ctx.rental).
 * Any other id reads as not found, so rental ids reveal nothing across libraries.
 */
export const rentalProcedure = authedProcedure.input(returnInput).use(async ({ ctx, input, next }) => {
  const rental = await findRentalOwner(ctx.em, input.rentalId);
  const allowed = rental && (rental.customer_id === ctx.user.id || (await canManageLibrary(ctx.em, ctx.user, rental.library_id)));
  if (!allowed) throw notFound(RENTAL_NOT_FOUND);
  return next({ ctx: { rental } });
});

export const RENT_FOR_YOURSELF = 'You can only rent books for yourself.';
export const CUSTOMER_NOT_FOUND = 'Customer not found.';

/** The customer a rental is for: the caller (customerId 0 or their own id), or, for staff of the library, the customer named. */
async function resolveRenter(ctx: Context & { user: UserRow }, libraryId: number, customerId: number): Promise<UserRow> {
  if (customerId === 0 || customerId === ctx.user.id) return ctx.user;
  if (!(await canManageLibrary(ctx.em, ctx.user, libraryId))) throw forbidden(RENT_FOR_YOURSELF);
  const customer = await findUserBy(ctx.em, 'id', customerId);
  if (!customer) throw notFound(CUSTOMER_NOT_FOUND);
  return customer;
}

/** Rent: anyone signed in for themself; staff of the library for a customer (ctx.renter). */
export const rentProcedure = authedProcedure
  .input(rentInput)
  .use(async ({ ctx, input, next }) => next({ ctx: { renter: await resolveRenter(ctx, input.libraryId, input.customerId) } }));

/** Kiosk rental: staff of the library, for the customer named (ctx.renter). */
export const kioskRentProcedure = staffProcedure
  .input(kioskRentalInput)
  .use(async ({ ctx, input, next }) => next({ ctx: { renter: await resolveRenter(ctx, input.libraryId, input.customerId) } }));

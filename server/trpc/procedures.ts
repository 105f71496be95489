import { z } from 'zod';
import { NOT_LIBRARY_STAFF } from '../../shared/accounts';
import type { Role } from '../../shared/constants';
import { kioskRentalInput, libraryIdField, rentInput, returnInput } from '../../shared/schemas';
import { forbidden, notFound, unauthorized } from '../errors';
import { findMember, STAFF_ACCOUNT_AT_KIOSK } from '../services/customers';
import { libraryNotFound } from '../services/libraries';
import { RENTAL_NOT_FOUND } from '../services/rentals';
import type { UserRow } from '../services/users';
import type { Context } from './context';
import { publicProcedure } from './init';

/** Routers take every builder from here: tRPC's setup (init.ts) and the permission builders below. */
export { publicProcedure, router, sharedOutput, syncOutput } from './init';

/** Signed in: ctx.user is present. */
export const authedProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const user = await ctx.loadUser();
  if (!user) throw unauthorized();
  return next({ ctx: { user } });
});

export const roleProcedure = (roles: Role[], message?: string) =>
  authedProcedure.use(({ ctx, next }) => {
    if (!roles.includes(ctx.user.role)) throw forbidden(message);
    return next();
  });

/** Admins manage every library; a library_admin only those they staff (isStaff, read with the session). */
const managesLibrary = (user: UserRow, isStaff: boolean) => user.role === 'admin' || isStaff;

/** No session cookie is refused before the input is read (as authedProcedure refuses it). */
const withSessionCookie = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.sessionToken) throw unauthorized();
  return next();
});

/**
 * Signed in, and the input's libraryId names a library (ctx.library). Any signed-in user may browse one;
 * ctx.managesLibrary says whether they are its staff or a platform admin, and ctx.rentalsOf whose rentals
 * there they may see: everyone's (undefined) if so, else only their own (their id). The session, the
 * library and the staff row are read together (services/sessions.ts findSessionAccess).
 */
export const libraryProcedure = withSessionCookie
  .input(z.object({ libraryId: libraryIdField() }))
  .use(async ({ ctx, input, next }) => {
    const { user, library, isStaff } = await ctx.loadAccess({ libraryId: input.libraryId });
    if (!user) throw unauthorized();
    if (!library) throw notFound(libraryNotFound(input.libraryId));
    const manages = managesLibrary(user, isStaff);
    return next({ ctx: { user, library, managesLibrary: manages, rentalsOf: manages ? undefined : user.id } });
  });

/** Staff of the library named by the input's libraryId, or a platform admin. */
export const staffProcedure = libraryProcedure.use(({ ctx, next }) => {
  if (!ctx.managesLibrary) throw forbidden(NOT_LIBRARY_STAFF);
  return next();
});

/**
 * A rental the caller may act on: their own, or one at a library they staff (ctx.rental).
 * Any other id reads as not found, so rental ids reveal nothing across libraries.
 */
export const rentalProcedure = withSessionCookie
  .input(returnInput)
  .use(async ({ ctx, input, next }) => {
    const { user, rental, isStaff } = await ctx.loadAccess({ rentalId: input.rentalId });
    if (!user) throw unauthorized();
    const allowed = rental && (rental.customerId === user.id || managesLibrary(user, isStaff));
    if (!allowed) throw notFound(RENTAL_NOT_FOUND);
    return next({ ctx: { user, rental } });
  });

const RENT_FOR_YOURSELF = 'You can only rent books for yourself.';
const CUSTOMER_NOT_FOUND = 'Customer not found.';

/**
 * The customer a rental is for: the caller (customerId 0 or their own id), or, for staff of the
 * library, a member of it (registered or identified at its kiosk, or who has rented there). Anyone
 * else reads as not found: a rental answers with its renter's name and email and makes them a
 * member, so naming any user id would let staff read every account.
 */
async function resolveRenter(
  ctx: Context & { user: UserRow },
  input: { libraryId: number; customerId: number },
  isManager: () => boolean | Promise<boolean>,
): Promise<UserRow> {
  if (input.customerId === 0 || input.customerId === ctx.user.id) return ctx.user;
  if (!(await isManager())) throw forbidden(RENT_FOR_YOURSELF);
  const customer = await findMember(ctx.em, input.libraryId, input.customerId);
  if (!customer) throw notFound(CUSTOMER_NOT_FOUND);
  return customer;
}

/**
 * Rent: anyone signed in for themself; staff of the library for a customer (ctx.renter). The staff
 * row is read only when renting for someone else.
 */
export const rentProcedure = authedProcedure.input(rentInput).use(async ({ ctx, input, next }) => {
  const isManager = async () => managesLibrary(ctx.user, (await ctx.loadAccess({ libraryId: input.libraryId })).isStaff);
  return next({ ctx: { renter: await resolveRenter(ctx, input, isManager) } });
});

/**
 * Kiosk rental: staff of the library, for the customer named (ctx.renter). Only customers rent at a
 * kiosk, as only they identify there (identifyAtKiosk): not the staff member at it, nor a member whose
 * account has become a staff one since.
 */
export const kioskRentProcedure = staffProcedure.input(kioskRentalInput).use(async ({ ctx, input, next }) => {
  const renter = await resolveRenter(ctx, input, () => ctx.managesLibrary);
  if (renter.role !== 'customer') throw forbidden(STAFF_ACCOUNT_AT_KIOSK);
  return next({ ctx: { renter } });
});

import { z } from 'zod';
import type { Role } from '../../shared/constants';
import { positiveId } from '../../shared/schemas';
import { forbidden, notFound, unauthorized } from '../errors';
import { isLibraryStaff } from '../services/libraries';
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

/**
 * Staff of the library named by the input's libraryId (or a platform admin).
 * A library the caller cannot see reads as not found, so ids reveal nothing.
 */
export const staffProcedure = authedProcedure
  .input(z.object({ libraryId: positiveId('Library ID must be a positive integer') }))
  .use(async ({ ctx, input, next }) => {
    const library = await ctx.em
      .getConnection()
      .execute<{ id: number; name: string }[]>(`select id, name from libraries where id = ?`, [input.libraryId]);
    if (!library[0]) throw notFound(`No library found with the ID: ${input.libraryId}.`);
    if (ctx.user.role !== 'admin' && !(await isLibraryStaff(ctx.em, input.libraryId, ctx.user.id))) {
      throw forbidden('You are not a staff member of this library.');
    }
    return next({ ctx: { library: library[0] } });
  });

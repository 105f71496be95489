import { STAFF_ROLES } from '../../shared/accounts';
import { emptyInput } from '../../shared/schemas/common';
import { addStaffInput, createLibraryInput, librariesResponse, libraryQuery, librarySchema, libraryStaffResponse, removeStaffInput, staffMemberSchema } from '../../shared/schemas';
import { addStaff, listStaff, removeStaff } from '../services/staff';
import { createLibrary, listLibraries } from '../services/libraries';
import { authedProcedure, roleProcedure, router, staffProcedure, syncOutput } from '../trpc/procedures';

export const librariesRouter = router({
  list: authedProcedure
    .meta({ rest: { method: 'GET', path: '/_api/libraries', wire: 'superjson' } })
    .input(emptyInput)
    .output(syncOutput(librariesResponse))
    .query(({ ctx }) => listLibraries(ctx.em, ctx.user)),

  /** One library, for its staff: the kiosk names it. Unknown ids are 404, someone else's library 403. */
  get: staffProcedure.input(libraryQuery).output(syncOutput(librarySchema)).query(({ ctx }) => ctx.library),

  create: roleProcedure(STAFF_ROLES, 'Only library admins can create libraries.')
    .meta({ rest: { method: 'POST', path: '/_api/libraries', wire: 'superjson' } })
    .input(createLibraryInput)
    .output(syncOutput(librarySchema))
    .mutation(({ ctx, input }) => createLibrary(ctx.em, ctx.user, input, ctx.config.librariesPerAdminPerDay)),

  /** The library's staff, for its staff: who else runs it, and since when. */
  staff: staffProcedure
    .input(libraryQuery)
    .output(syncOutput(libraryStaffResponse))
    .query(async ({ ctx }) => ({ staff: await listStaff(ctx.em, ctx.library.id) })),

  /** One of its staff adds a library admin, by their account's email. */
  addStaff: staffProcedure
    .input(addStaffInput)
    .output(syncOutput(staffMemberSchema))
    .mutation(({ ctx, input }) => addStaff(ctx.em, ctx.user, ctx.library.id, input.email)),

  /** One of its staff removes another, or leaves; never its last. Answers the staff who remain. */
  removeStaff: staffProcedure
    .input(removeStaffInput)
    .output(syncOutput(libraryStaffResponse))
    .mutation(async ({ ctx, input }) => {
      await removeStaff(ctx.em, ctx.user, ctx.library.id, input.userId);
      return { staff: await listStaff(ctx.em, ctx.library.id) };
    }),
});

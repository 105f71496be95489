import { STAFF_ROLES } from '../../shared/accounts';
import { emptyInput } from '../../shared/schemas/common';
import { createLibraryInput, librariesResponse, libraryQuery, librarySchema } from '../../shared/schemas';
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
});

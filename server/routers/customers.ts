import { customersQuery, customersResponse } from '../../shared/schemas';
import { listCustomers } from '../services/customers';
import { router, syncOutput } from '../trpc/init';
import { staffProcedure } from '../trpc/procedures';

export const customersRouter = router({
  /** The library's members, for its staff. */
  list: staffProcedure
    .meta({ rest: { method: 'GET', path: '/_api/customers', wire: 'superjson' } })
    .input(customersQuery)
    .output(syncOutput(customersResponse))
    .query(async ({ ctx, input }) => ({ customers: await listCustomers(ctx.em, input.libraryId, input.search) })),
});

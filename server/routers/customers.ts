import { customersQuery, customersResponse } from '../../shared/schemas';
import { customersLimit, listCustomers } from '../services/customers';
import { router, staffProcedure, syncOutput } from '../trpc/procedures';

export const customersRouter = router({
  /** The library's customers, for its staff, a page at a time. */
  list: staffProcedure
    .meta({
      rest: { method: 'GET', path: '/_api/customers', wire: 'superjson', paging: { limit: customersLimit, cursor: 'id', rows: (answer) => answer.customers } },
    })
    .input(customersQuery)
    .output(syncOutput(customersResponse))
    .query(async ({ ctx, input }) => ({ customers: await listCustomers(ctx.em, { ...input, after: input.cursor }) })),
});

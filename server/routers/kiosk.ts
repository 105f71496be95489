import { customerLookupInput, customerRegisterInput, customerResponse, userResponse } from '../../shared/schemas';
import { identifyAtKiosk, registerCustomer } from '../services/customers';
import { hit } from '../services/rate-limits';
import { toUser } from '../services/users';
import { router, syncOutput } from '../trpc/init';
import { staffProcedure } from '../trpc/procedures';

/** Phone lookups reveal who owns a number, so each staff account gets a bounded number of them. */
const LOOKUPS_PER_MINUTE = 30;

export const kioskRouter = router({
  lookupCustomer: staffProcedure
    .meta({ rest: { method: 'POST', path: '/_api/customer/lookup', wire: 'superjson' } })
    .input(customerLookupInput)
    .output(syncOutput(customerResponse))
    .mutation(async ({ ctx, input }) => {
      await hit(ctx.em, [{ key: `customer-lookup:${ctx.user.id}`, max: LOOKUPS_PER_MINUTE, windowSeconds: 60 }]);
      return { customer: await identifyAtKiosk(ctx.em, input.libraryId, input.phoneNumber) };
    }),

  registerCustomer: staffProcedure
    .meta({ rest: { method: 'POST', path: '/_api/customer/register', wire: 'superjson' } })
    .input(customerRegisterInput)
    .output(syncOutput(userResponse))
    .mutation(async ({ ctx, input }) => ({ user: toUser(await registerCustomer(ctx.em, input.libraryId, input)) })),
});

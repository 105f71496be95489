import { customerLookupInput, customerRegisterInput, customerResponse, userResponse } from '../../shared/schemas';
import { identifyAtKiosk, registerCustomer } from '../services/customers';
import { toUser } from '../services/users';
import { router, staffProcedure, syncOutput } from '../trpc/procedures';

export const kioskRouter = router({
  lookupCustomer: staffProcedure
    .meta({ rest: { method: 'POST', path: '/_api/customer/lookup', wire: 'superjson' } })
    .input(customerLookupInput)
    .output(syncOutput(customerResponse))
    .mutation(async ({ ctx, input }) => ({ customer: await identifyAtKiosk(ctx.em, ctx.user.id, input.libraryId, input.phoneNumber) })),

  registerCustomer: staffProcedure
    .meta({ rest: { method: 'POST', path: '/_api/customer/register', wire: 'superjson' } })
    .input(customerRegisterInput)
    .output(syncOutput(userResponse))
    .mutation(async ({ ctx, input }) => ({ user: toUser(await registerCustomer(ctx.em, ctx.user.id, input.libraryId, input)) })),
});

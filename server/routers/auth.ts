import {
  establishSessionInput,
  loginInput,
  registerInput,
  sessionResponse,
  userResponse,
} from '../../shared/schemas';
import { emptyInput } from '../../shared/schemas/common';
import { z } from 'zod';
import { router, publicProcedure, syncOutput } from '../trpc/init';
import { logIn, logOut, registerWithPassword, establishSession } from '../services/auth';
import { toUser } from '../services/users';

export const authRouter = router({
  session: publicProcedure
    .meta({ rest: { method: 'GET', path: '/_api/auth/session', wire: 'json' } })
    .output(syncOutput(sessionResponse))
    .query(async ({ ctx }) => {
      const user = await ctx.loadUser();
      return { user: user ? toUser(user) : null };
    }),

  logout: publicProcedure
    .meta({ rest: { method: 'POST', path: '/_api/auth/logout', wire: 'json' } })
    .input(emptyInput)
    .output(syncOutput(z.object({ success: z.literal(true) })))
    .mutation(async ({ ctx }) => {
      await logOut(ctx);
      return { success: true as const };
    }),

  loginWithPassword: publicProcedure
    .meta({ rest: { method: 'POST', path: '/_api/auth/login_with_password', wire: 'json' } })
    .input(loginInput)
    .output(syncOutput(userResponse))
    .mutation(async ({ ctx, input }) => ({ user: toUser(await logIn(ctx, input)) })),

  registerWithPassword: publicProcedure
    .meta({ rest: { method: 'POST', path: '/_api/auth/register_with_password', wire: 'json' } })
    .input(registerInput)
    .output(syncOutput(userResponse))
    .mutation(async ({ ctx, input }) => ({ user: toUser(await registerWithPassword(ctx, input)) })),

  establishSession: publicProcedure
    .meta({ rest: { method: 'POST', path: '/_api/auth/establish_session', wire: 'json' } })
    .input(establishSessionInput)
    .output(syncOutput(userResponse))
    .mutation(async ({ ctx, input }) => ({ user: toUser(await establishSession(ctx, input.tempToken)) })),
});

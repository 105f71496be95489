import {
  establishSessionInput,
  loginInput,
  registerInput,
  sessionResponse,
  userResponse,
} from '../../shared/schemas';
import { emptyInput } from '../../shared/schemas/common';
import { z } from 'zod';
import { publicProcedure, router, syncOutput } from '../trpc/procedures';
import { endSession, signedIn } from '../http/session-cookie';
import { logIn, redeemTemporaryToken, registerWithPassword } from '../services/auth';
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
      await endSession(ctx);
      return { success: true as const };
    }),

  loginWithPassword: publicProcedure
    .meta({ rest: { method: 'POST', path: '/_api/auth/login_with_password', wire: 'json' } })
    .input(loginInput)
    .output(syncOutput(userResponse))
    .mutation(async ({ ctx, input }) => signedIn(ctx, await logIn(ctx.em, ctx.clientIp, input))),

  registerWithPassword: publicProcedure
    .meta({ rest: { method: 'POST', path: '/_api/auth/register_with_password', wire: 'json' } })
    .input(registerInput)
    .output(syncOutput(userResponse))
    .mutation(async ({ ctx, input }) => signedIn(ctx, await registerWithPassword(ctx.em, ctx.clientIp, input, ctx.config.registrationsPerAddressPerHour))),

  establishSession: publicProcedure
    .meta({ rest: { method: 'POST', path: '/_api/auth/establish_session', wire: 'json' } })
    .input(establishSessionInput)
    .output(syncOutput(userResponse))
    .mutation(async ({ ctx, input }) => signedIn(ctx, await redeemTemporaryToken(ctx.em, ctx.clientIp, input.tempToken))),
});

import { emptyInput } from '../../shared/schemas/common';
import { profileInput, upgradeResponse, userResponse } from '../../shared/schemas';
import { authedProcedure, router, syncOutput } from '../trpc/procedures';
import { updateProfile, upgradeToLibraryAdmin } from '../services/profile';
import { toUser } from '../services/users';
import { signedIn } from '../http/session-cookie';

export const profileRouter = router({
  update: authedProcedure
    .meta({ rest: { method: 'POST', path: '/_api/customer/profile', wire: 'json' } })
    .input(profileInput)
    .output(syncOutput(userResponse))
    .mutation(async ({ ctx, input }) => ({ user: toUser(await updateProfile(ctx.em, ctx.user, input)) })),

  // A data call (SPEC section 8 lists its messages among the data calls' fallbacks), as the profile is an auth call.
  upgradeToAdmin: authedProcedure
    .meta({ rest: { method: 'POST', path: '/_api/user/upgrade-to-admin', wire: 'superjson' } })
    .input(emptyInput)
    .output(syncOutput(upgradeResponse))
    // New privileges, new session: the old token no longer names this role.
    .mutation(async ({ ctx }) => signedIn(ctx, await upgradeToLibraryAdmin(ctx.em, ctx.user.id))),
});

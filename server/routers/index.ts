import { router } from '../trpc/init';
import { authRouter } from './auth';
import { lookupRouter } from './lookup';
import { profileRouter } from './profile';

export const appRouter = router({
  auth: authRouter,
  profile: profileRouter,
  lookup: lookupRouter,
});

export type AppRouter = typeof appRouter;

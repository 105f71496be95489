import { router } from '../trpc/procedures';
import { authRouter } from './auth';
import { booksRouter } from './books';
import { customersRouter } from './customers';
import { insightsRouter } from './insights';
import { kioskRouter } from './kiosk';
import { librariesRouter } from './libraries';
import { lookupRouter } from './lookup';
import { profileRouter } from './profile';
import { rentalsRouter } from './rentals';
import { reviewsRouter } from './reviews';
import { staffRouter } from './staff';

export const appRouter = router({
  auth: authRouter,
  profile: profileRouter,
  libraries: librariesRouter,
  staff: staffRouter,
  books: booksRouter,
  rentals: rentalsRouter,
  reviews: reviewsRouter,
  customers: customersRouter,
  kiosk: kioskRouter,
  lookup: lookupRouter,
  insights: insightsRouter,
});

export type AppRouter = typeof appRouter;

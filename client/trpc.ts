import { QueryClient } from '@tanstack/react-query';
import { httpBatchLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import superjson from 'superjson';
import type { AppRouter } from '../server/routers';
import { DATA_STALE_TIME_MS, TRPC_MAX_BATCH } from '../shared/constants';
import { createOfflineAwareMutationCache } from './lib/offline-mutations';
import { fetchWithStatus } from './lib/fetch-with-status';
import { shareUnchanged } from './lib/share-unchanged';

export const trpc = createTRPCReact<AppRouter>();

export function createQueryClient() {
  return new QueryClient({
    mutationCache: createOfflineAwareMutationCache(),
    defaultOptions: {
      queries: {
        staleTime: DATA_STALE_TIME_MS,
        // Data is not fetched again because a screen opens, unless a change marked it out of date while
        // it was off screen (a rental at the kiosk, say, leaves the book list to reload when it shows).
        refetchOnMount: (query) => query.state.isInvalidated,
        refetchOnWindowFocus: false,
        retry: 1,
        structuralSharing: shareUnchanged,
      },
    },
  });
}

export function createTrpcClient() {
  return trpc.createClient({ links: [httpBatchLink({ url: '/trpc', transformer: superjson, fetch: fetchWithStatus, maxItems: TRPC_MAX_BATCH })] });
}

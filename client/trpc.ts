import { QueryClient } from '@tanstack/react-query';
import { httpBatchLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import superjson from 'superjson';
import type { AppRouter } from '../server/routers';
import { DATA_STALE_TIME_MS } from '../shared/constants';
import { createOfflineAwareMutationCache } from './lib/offline-mutations';

export const trpc = createTRPCReact<AppRouter>();

export function createQueryClient() {
  return new QueryClient({
    mutationCache: createOfflineAwareMutationCache(),
    defaultOptions: {
      queries: { staleTime: DATA_STALE_TIME_MS, refetchOnMount: false, refetchOnWindowFocus: false, retry: 1 },
    },
  });
}

export function createTrpcClient() {
  return trpc.createClient({ links: [httpBatchLink({ url: '/trpc', transformer: superjson })] });
}

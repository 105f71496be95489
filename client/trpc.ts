import { QueryClient } from '@tanstack/react-query';
import { httpBatchLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import superjson from 'superjson';
import type { AppRouter } from '../server/routers';
import { DATA_STALE_TIME_MS } from '../shared/constants';
import { createOfflineAwareMutationCache } from './lib/offline-mutations';
import { requestFailedMessage, SERVER_UNREACHABLE_MESSAGE } from './lib/error-messages';

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
      },
    },
  });
}

/**
 * A failure without a JSON body (a proxy's error page, say) reads 'Request failed with status {code}';
 * no answer at all reads SERVER_UNREACHABLE_MESSAGE. A request the app called off stays an abort.
 */
async function fetchWithStatus(input: RequestInfo | URL, init?: RequestInit) {
  let response: Response;
  try {
    response = await fetch(input, init);
  } catch (error) {
    if (init?.signal?.aborted) throw error;
    throw new Error(SERVER_UNREACHABLE_MESSAGE, { cause: error });
  }
  if (!response.ok && !response.headers.get('content-type')?.includes('application/json')) {
    throw new Error(requestFailedMessage(response.status));
  }
  return response;
}

export function createTrpcClient() {
  return trpc.createClient({ links: [httpBatchLink({ url: '/trpc', transformer: superjson, fetch: fetchWithStatus })] });
}

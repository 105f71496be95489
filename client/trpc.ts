import { type InvalidateOptions, type InvalidateQueryFilters, notifyManager, type Query, QueryClient, type QueryKey } from '@tanstack/react-query';
import { httpBatchLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import superjson from 'superjson';
import type { AppRouter } from '../server/routers';
import { DATA_STALE_TIME_MS, TRPC_MAX_BATCH } from '../shared/constants';
import { createOfflineAwareMutationCache } from './lib/offline-mutations';
import { fetchWithStatus } from './lib/fetch-with-status';
import { shareUnchanged } from './lib/share-unchanged';

export const trpc = createTRPCReact<AppRouter>();

/**
 * A read under way when a change marks its data out of date was asked before the change: its answer, coming
 * after, would stand as fresh (and, the query no longer marked, be kept for DATA_STALE_TIME_MS). react-query's
 * own refetch calls off only a read of a query on screen that already has data: a first read (the kiosk's
 * rentals as a customer signs in), or one off screen (a search cleared, a tab left), answers over the change.
 * Every such read is called off here: asked again at once on screen, when next shown off screen.
 */
class QueryClientReadingAfterChanges extends QueryClient {
  override invalidateQueries<TTaggedQueryKey extends QueryKey = QueryKey>(
    filters: InvalidateQueryFilters<TTaggedQueryKey> = {},
    options?: InvalidateOptions,
  ): Promise<void> {
    const refetchType = filters.refetchType ?? filters.type ?? 'active';
    // What react-query reads again itself, the read under way called off (cancelRefetch): a query it refetches that has data.
    const refetched = (query: Query) =>
      refetchType !== 'none' && (refetchType === 'all' || (refetchType === 'active') === query.isActive()) && !query.isDisabled() && options?.cancelRefetch !== false;
    return notifyManager.batch(() => {
      const leftAnswering = this.getQueryCache()
        .findAll({ ...filters, fetchStatus: 'fetching' })
        .filter((query) => query.state.data === undefined || !refetched(query));
      const askAgain = leftAnswering.filter((query) => query.isActive() && !query.isDisabled() && !refetched(query));
      for (const query of leftAnswering) void query.cancel({ revert: true });
      const done = super.invalidateQueries(filters, options);
      // Not to be read again now ('none'), but a read on screen called off was wanted: asked again all the same.
      return Promise.all([done, ...askAgain.map((query) => query.fetch().catch(() => undefined))]).then(() => undefined);
    });
  }
}

export function createQueryClient() {
  return new QueryClientReadingAfterChanges({
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

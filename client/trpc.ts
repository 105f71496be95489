import {
  type DefaultError,
  type FetchQueryOptions,
  type InvalidateOptions,
  type InvalidateQueryFilters,
  isCancelledError,
  notifyManager,
  type Query,
  type QueryCache,
  QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
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

  /**
   * A read that a caller awaits (`utils.books.status.fetch(...)`, the CSV export), called off meanwhile by a
   * change, answers with the data as the change left it. react-query rejects it with a CancelledError, which
   * its caller showed as its failure, or, the query holding an older answer, resolves it with that answer
   * from before the change. Called off by a change that marks it out of date (above), it is asked again; by
   * one that sets the data it expects (a mutation's cancel before an optimistic update), it answers with
   * that data, which a read asked now would undo. A read whose data was dropped meanwhile (a sign-in or
   * logout forgets the last user's data) still rejects with the CancelledError: there is nothing to answer,
   * and its caller lets it go without a word.
   */
  override async fetchQuery<TQueryFnData, TError = DefaultError, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey, TPageParam = never>(
    options: FetchQueryOptions<TQueryFnData, TError, TData, TQueryKey, TPageParam>,
  ): Promise<TData> {
    const cache = this.getQueryCache();
    for (;;) {
      const query = cache.build(this, this.defaultQueryOptions(options));
      const kept = () => cache.get<TQueryFnData, TError, TData, TQueryKey>(query.queryHash) === query;
      try {
        const data = await super.fetchQuery(options);
        // Called off by a change, the answer from before it kept (react-query's revert): asked again.
        if (!query.state.isInvalidated) return data;
      } catch (error) {
        if (!isCancelledError(error)) throw error;
        // Called off, not marked out of date: the change sets its data, or a read under way brings it.
        while (kept() && !query.state.isInvalidated && query.state.data === undefined && query.state.fetchStatus === 'idle') await nextChange(cache, query);
        if (!kept()) throw error;
        if (!query.state.isInvalidated && query.state.data !== undefined) return query.state.data as TData;
      }
    }
  }
}

/** Settles at the query's next change: its data set, a read started, marked out of date, or removed. */
const nextChange = (cache: QueryCache, query: object) =>
  new Promise<void>((resolve) => {
    const stop = cache.subscribe((event) => {
      if (event.query !== query) return;
      stop();
      resolve();
    });
  });

/**
 * A read that failed is asked once more (SPEC: one retry), unless the server answered it with a refusal that
 * asking again cannot change: a 4xx (the session ended, no access, not found, bad input) but for 408 and 429,
 * which say "later". A session ended elsewhere was asked about twice before the tab went to sign in.
 */
export function retryOnceUnlessRefused(failures: number, error: unknown): boolean {
  const status = (error as { data?: { httpStatus?: unknown } } | null)?.data?.httpStatus;
  const refused = typeof status === 'number' && status >= 400 && status < 500 && status !== 408 && status !== 429;
  return failures < 1 && !refused;
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
        retry: retryOnceUnlessRefused,
        structuralSharing: shareUnchanged,
      },
    },
  });
}

export function createTrpcClient() {
  return trpc.createClient({ links: [httpBatchLink({ url: '/trpc', transformer: superjson, fetch: fetchWithStatus, maxItems: TRPC_MAX_BATCH })] });
}

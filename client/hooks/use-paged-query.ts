import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { TRPCClientErrorLike } from '@trpc/client';
import type { InferQueryLikeData, InferQueryLikeInput, TRPCHookResult } from '@trpc/react-query/shared';
import { useMemo } from 'react';
import type { AppRouter } from '../../server/routers';
import { keepPreviousWhileOnline } from '../lib/keep-previous';
import type { paging } from '../lib/paging';

/** How a list's pages are asked for and read (lib/paging). */
type Paging<Row> = ReturnType<typeof paging<Row>>;

/** A paged list's query, as tRPC's useInfiniteQuery gives it. */
export type PagedQuery<Page> = TRPCHookResult & UseInfiniteQueryResult<InfiniteData<Page, unknown>, TRPCClientErrorLike<AppRouter>>;

/** What the list asks for besides its page: the procedure's input, less the page (cursor, limit), which this hook adds. */
type PagedInput<P> = Omit<InferQueryLikeInput<P>, 'cursor' | 'direction' | 'limit'>;

interface PagedQueryOptions<Page, Row> {
  /** Where the procedure answers an object (`{ customers }`), its rows; otherwise each page is its rows. */
  rowsOf?: (page: Page) => Row[];
  /** false asks for nothing (the kiosk, until something is typed). */
  enabled?: boolean;
}

/**
 * A list read a page at a time through a tRPC procedure (`trpc.customers.list`): `rows` is every loaded page,
 * flattened (undefined until the first is in), `query` the infinite query (fetchNextPage, refetch, its error).
 * Asked again with a new input (a search), the last answer's rows stay on screen while the new one loads;
 * offline nothing loads, and they would stand as its answer, so it has none until then (keepPreviousWhileOnline).
 */
export function usePagedQuery<P extends { useInfiniteQuery: unknown }, Row>(
  procedure: P,
  input: PagedInput<P>,
  pages: Paging<Row>,
  { rowsOf = (page) => page as Row[], enabled = true }: PagedQueryOptions<InferQueryLikeData<P>, Row> = {},
) {
  // tRPC types each procedure's useInfiniteQuery apart (overloads, generic in its data), so one hook for every
  // procedure calls it as the call it is, typed by the procedure's page.
  const paged = procedure as unknown as { useInfiniteQuery: (input: object, options: object) => PagedQuery<InferQueryLikeData<P>> };
  const query = paged.useInfiniteQuery(
    { ...input, limit: pages.limit },
    {
      enabled,
      getNextPageParam: (last: InferQueryLikeData<P>) => pages.nextPage(rowsOf(last)),
      // The dashboards are keyed by library, so the last answer a list had is always this library's.
      placeholderData: keepPreviousWhileOnline,
    },
  );
  const rows = useMemo(() => pages.rows(query.data?.pages.map(rowsOf)), [query.data]);
  return { query, rows };
}

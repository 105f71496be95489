import { type MantineSpacing, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/error-messages';
import { ErrorAlert, type Retry } from './DataState';
import { LoadMoreButton } from './LoadMoreButton';

/** What a paged list reads of its query (usePagedQuery's). */
interface PagedListQuery extends Retry {
  data?: unknown;
  isError: boolean;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

interface PagedListProps<Row> {
  query: PagedListQuery;
  /** The rows loaded; undefined until they are, or while what they are drawn with loads (`loading` stands meanwhile). */
  rows: Row[] | undefined;
  /** What stands until the rows can be drawn: a ListSkeleton. */
  loading: ReactNode;
  /** What a failed read says before its message, as SPEC words it: 'Error fetching books: '. */
  failure: string;
  /** The message for an error that has none of its own (callFallbacks). */
  fallback?: string;
  /** What stands for no rows; left out where the rows say it themselves (BookList). */
  empty?: ReactNode;
  /** What the list holds, for 'Load more books'. */
  items?: string;
  /** Between the failure, the rows and Load more. */
  gap?: MantineSpacing;
  children: (rows: Row[]) => ReactNode;
}

/**
 * A list read a page at a time: its placeholder while the first page loads, a failure with Try again in
 * place of rows never loaded, its empty text, or the rows with Load more under them.
 */
export function PagedList<Row>({ query, rows, loading, failure, fallback, empty, items, gap = 'sm', children }: PagedListProps<Row>) {
  const failed = query.isError && <ErrorAlert retry={query}>{failure}{errorMessage(query.error, fallback)}</ErrorAlert>;
  if (!rows) return (!query.data && failed) || loading;
  if (rows.length === 0 && empty && !failed) return empty;
  return (
    <Stack gap={gap}>
      {/* A later read failed (a refresh, the next page): said above the rows already on screen, which stay. */}
      {failed}
      {children(rows)}
      <LoadMoreButton items={items} hasNextPage={query.hasNextPage} loading={query.isFetchingNextPage} onLoad={() => query.fetchNextPage()} />
    </Stack>
  );
}

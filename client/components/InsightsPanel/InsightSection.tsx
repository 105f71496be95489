import { Card, Skeleton, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/error-messages';
import { ErrorAlert, loadingStatus, type Retry, WhileLoading } from '../DataState';

interface QueryLike<T> extends Retry {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/**
 * One card of the tab: its title, then a skeleton, the error (with Try again), the empty text or the content. A
 * failure the tab says above, with the others (`failureSaidAbove`), is only noted here, not read out again.
 */
export function InsightSection<T>(props: {
  title: string;
  query: QueryLike<T>;
  isEmpty: (data: T) => boolean;
  empty: string;
  height?: number;
  failureSaidAbove?: boolean;
  children: (data: T) => ReactNode;
}) {
  const { title, query, isEmpty, empty, height = 220, failureSaidAbove = false, children } = props;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title}>
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      {query.isPending ? (
        <WhileLoading>
          <Skeleton height={height} radius="sm" {...loadingStatus(`Loading ${title.toLowerCase()}`)} />
        </WhileLoading>
      ) : (query.isError || query.data === undefined) && failureSaidAbove ? (
        <Text c="dimmed" ta="center" py="lg">
          Could not load {title.toLowerCase()}.
        </Text>
      ) : query.isError || query.data === undefined ? (
        <ErrorAlert retry={query}>
          Could not load {title.toLowerCase()}: {errorMessage(query.error)}
        </ErrorAlert>
      ) : isEmpty(query.data) ? (
        <Text c="dimmed" ta="center" py="lg">
          {empty}
        </Text>
      ) : (
        children(query.data)
      )}
    </Card>
  );
}

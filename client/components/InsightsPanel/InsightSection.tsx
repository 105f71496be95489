import { Alert, Card, Skeleton, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/error-messages';
import { loadingStatus, WhileLoading } from '../DataState';

interface QueryLike<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/** One card of the tab: its title, then a skeleton, the error, the empty text or the content. */
export function InsightSection<T>(props: {
  title: string;
  query: QueryLike<T>;
  isEmpty: (data: T) => boolean;
  empty: string;
  height?: number;
  children: (data: T) => ReactNode;
}) {
  const { title, query, isEmpty, empty, height = 220, children } = props;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title}>
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      {query.isPending ? (
        <WhileLoading>
          <Skeleton height={height} radius="sm" {...loadingStatus(`Loading ${title.toLowerCase()}`)} />
        </WhileLoading>
      ) : query.isError || query.data === undefined ? (
        <Alert color="red" variant="light" role="alert">
          Could not load {title.toLowerCase()}: {errorMessage(query.error)}
        </Alert>
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

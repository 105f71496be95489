import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useOnlineStatus } from '../../hooks/use-online-status';
import { busyProps } from '../../lib/busy';

/** What stands where data would load, while offline: a read waits for the connection rather than failing. */
function NotLoadedOffline() {
  return <EmptyText>Not loaded yet: this shows once you are back online.</EmptyText>;
}

/**
 * A placeholder while data loads. Offline nothing is on its way (a query waits for the connection), so it
 * says that instead of shimmering for ever.
 */
export function WhileLoading({ children }: { children: ReactNode }) {
  return useOnlineStatus() ? children : <NotLoadedOffline />;
}

/** What marks a placeholder: a status named by `label` ('Loading books'), announced as busy (a label alone on a div is read by nothing). */
export const loadingStatus = (label: string) => ({ role: 'status', 'aria-busy': true, 'aria-label': label }) as const;

/** Placeholders while a list loads (loadingStatus). */
export function ListSkeleton({ count = 3, height = 96, label, testId = 'list-loading' }: { count?: number; height?: number; label: string; testId?: string }) {
  return (
    <WhileLoading>
      <Stack gap="sm" {...loadingStatus(label)} data-testid={testId}>
        {Array.from({ length: count }, (_, i) => (
          <Skeleton key={i} height={height} radius="md" />
        ))}
      </Stack>
    </WhileLoading>
  );
}

/** A failed read that can be asked again: a query, or several at once. */
export interface Retry {
  refetch: () => unknown;
  isFetching: boolean;
}

/** A failed data call, worded 'Error fetching books: {message}' and the like, with 'Try again' when it can be retried. */
export function ErrorAlert({ title, children, retry }: { title?: string; children: ReactNode; retry?: Retry }) {
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      <div>{children}</div>
      {retry && <RetryButton retry={retry} />}
    </Alert>
  );
}

/** Asks a failed read again; 'Trying again...' while it runs, keeping focus. */
export function RetryButton({ retry }: { retry: Retry }) {
  return (
    <Button
      display="block"
      size="sm"
      variant="outline"
      color="red"
      mt="sm"
      {...busyProps(retry.isFetching)}
      onClick={() => {
        if (!retry.isFetching) retry.refetch();
      }}
    >
      {retry.isFetching ? 'Trying again...' : 'Try again'}
    </Button>
  );
}

/** A list with nothing in it; where focus goes when the list's last row takes itself away (useFocusAfterRemoval). */
export function EmptyText({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" ta="center" py="xl" tabIndex={-1} data-focus-fallback>
      {children}
    </Text>
  );
}

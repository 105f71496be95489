import { Alert, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useOnlineStatus } from '../../hooks/use-online-status';

const NOT_LOADED_OFFLINE = 'Not loaded yet: this shows once you are back online.';

/**
 * Placeholders while a list loads; announced as busy. Offline nothing is on its way (a query waits for
 * the connection), so it says that instead of shimmering for ever.
 */
export function ListSkeleton({ count = 3, height = 96, label, testId = 'list-loading' }: { count?: number; height?: number; label: string; testId?: string }) {
  const online = useOnlineStatus();
  if (!online) return <EmptyText>{NOT_LOADED_OFFLINE}</EmptyText>;
  return (
    <Stack gap="sm" aria-busy="true" aria-label={label} data-testid={testId}>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} height={height} radius="md" />
      ))}
    </Stack>
  );
}

/** A failed data call, worded 'Error fetching books: {message}' and the like. */
export function ErrorAlert({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      {children}
    </Alert>
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

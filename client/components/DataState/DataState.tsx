import { Alert, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** Placeholders while a list loads; announced as busy. */
export function ListSkeleton({ count = 3, height = 96, label }: { count?: number; height?: number; label: string }) {
  return (
    <Stack gap="sm" aria-busy="true" aria-label={label} data-testid="list-loading">
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

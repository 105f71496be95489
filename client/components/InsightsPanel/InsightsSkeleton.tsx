import { SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { loadingStatus } from '../DataState';

/** The headline figures' six cards, as placeholders. */
export function FiguresSkeleton({ label }: { label?: string }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" {...(label ? loadingStatus(label) : {})}>
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} height={84} radius="md" />
      ))}
    </SimpleGrid>
  );
}

/** Placeholders while the tab's code loads (each section has its own while its figures load); announced as busy. */
export function InsightsSkeleton() {
  return (
    <Stack gap="md" {...loadingStatus('Loading insights')}>
      <FiguresSkeleton />
      <Skeleton height={260} radius="md" />
      <Skeleton height={260} radius="md" />
    </Stack>
  );
}

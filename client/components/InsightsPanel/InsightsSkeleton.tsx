import { SimpleGrid, Skeleton, Stack } from '@mantine/core';

/** Placeholders while the tab's code or its figures load; announced as busy. */
export function InsightsSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading insights">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} height={84} radius="md" />
        ))}
      </SimpleGrid>
      <Skeleton height={260} radius="md" />
      <Skeleton height={260} radius="md" />
    </Stack>
  );
}

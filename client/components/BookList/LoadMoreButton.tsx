import { Button, Group } from '@mantine/core';

/** Fetches the next page of a paged book list; shown only while there is one. */
export function LoadMoreButton({ hasNextPage, loading, onLoad }: { hasNextPage: boolean; loading: boolean; onLoad: () => void }) {
  if (!hasNextPage) return null;
  return (
    <Group justify="center">
      <Button variant="default" onClick={onLoad} disabled={loading}>
        {loading ? 'Loading...' : 'Load more books'}
      </Button>
    </Group>
  );
}

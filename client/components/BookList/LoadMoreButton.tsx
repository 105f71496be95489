import { Button, Group } from '@mantine/core';

interface LoadMoreButtonProps {
  hasNextPage: boolean;
  loading: boolean;
  onLoad: () => void;
  /** What the list holds, for the button's text. */
  items?: string;
}

/** Fetches the next page of a paged list; shown only while there is one. */
export function LoadMoreButton({ hasNextPage, loading, onLoad, items = 'books' }: LoadMoreButtonProps) {
  if (!hasNextPage) return null;
  return (
    <Group justify="center">
      <Button variant="default" onClick={onLoad} disabled={loading}>
        {loading ? 'Loading...' : `Load more ${items}`}
      </Button>
    </Group>
  );
}

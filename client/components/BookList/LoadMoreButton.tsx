import { Button, Group } from '@mantine/core';
import { busyProps } from '../../lib/busy';

interface LoadMoreButtonProps {
  hasNextPage: boolean;
  loading: boolean;
  onLoad: () => void;
  /** What the list holds, for the button's text. */
  items?: string;
}

/** Fetches the next page of a paged list; shown only while there is one. While it loads, it keeps focus. */
export function LoadMoreButton({ hasNextPage, loading, onLoad, items = 'books' }: LoadMoreButtonProps) {
  if (!hasNextPage) return null;
  return (
    <Group justify="center">
      <Button variant="default" {...busyProps(loading)} onClick={() => loading || onLoad()}>
        {loading ? 'Loading...' : `Load more ${items}`}
      </Button>
    </Group>
  );
}

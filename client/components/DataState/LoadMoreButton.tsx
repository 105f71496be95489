import { Button, Group, type MantineSize, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { busyProps } from '../../lib/busy';

interface LoadMoreButtonProps {
  hasNextPage: boolean;
  loading: boolean;
  onLoad: () => void;
  /** What the list holds, for the button's text. */
  items?: string;
  /** The button's size: a kiosk's are large, for fingers. */
  size?: MantineSize;
}

/**
 * Fetches the next page of a paged list; shown only while there is one. While it loads, it keeps focus.
 * When the page it loaded is the last, a note takes its place and the focus, so a keyboard user is not
 * dropped to the top of the page.
 */
export function LoadMoreButton({ hasNextPage, loading, onLoad, items = 'books', size }: LoadMoreButtonProps) {
  const button = useRef<HTMLButtonElement>(null);
  const note = useRef<HTMLParagraphElement>(null);
  /** Whether the button held the focus when it last asked for a page. */
  const askedWithFocus = useRef(false);
  const [reachedEnd, setReachedEnd] = useState(false);

  useEffect(() => {
    if (hasNextPage) setReachedEnd(false);
    else if (!loading && askedWithFocus.current) {
      askedWithFocus.current = false;
      setReachedEnd(true);
    }
  }, [hasNextPage, loading]);
  useEffect(() => {
    if (reachedEnd) note.current?.focus();
  }, [reachedEnd]);

  if (!hasNextPage) {
    return reachedEnd ? (
      <Text ref={note} tabIndex={-1} ta="center" size="sm" c="dimmed">
        {`All ${items} loaded.`}
      </Text>
    ) : null;
  }
  const load = () => {
    if (loading) return;
    askedWithFocus.current = document.activeElement === button.current;
    onLoad();
  };
  return (
    <Group justify="center">
      <Button ref={button} variant="default" size={size} {...busyProps(loading)} onClick={load}>
        {loading ? 'Loading...' : `Load more ${items}`}
      </Button>
    </Group>
  );
}

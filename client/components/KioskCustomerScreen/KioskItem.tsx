import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { BookCover } from '../BookCover';

interface KioskItemProps {
  title: string;
  author: string;
  cover: string | null | undefined;
  /** The line under the author: availability, or the rented date. */
  detail: ReactNode;
  /** The row's one button (Rent, Return), described by the book's title (the id given). */
  action: (titleId: string) => ReactNode;
  testId: string;
  /** The row's key for useFocusAfterRemoval. */
  focusRow: number;
}

/**
 * One book on the kiosk's lists: cover, title, author, a detail line and the row's button. Read out as an
 * article named by the title, its button as 'Rent' or 'Return' with the title that tells which book.
 */
export function KioskItem({ title, author, cover, detail, action, testId, focusRow }: KioskItemProps) {
  const titleId = useId();
  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-labelledby={titleId} data-testid={testId} data-focus-row={focusRow}>
      {/* The button beside the details while they keep 8rem; on the narrowest phones, on a line of its own. */}
      <Group wrap="wrap" align="center" gap="md">
        <BookCover title={title} url={cover} />
        <Stack gap={4} style={{ flex: '1 1 8rem', minWidth: 0 }}>
          {/* Whole, however long: a patron must tell which book the row's button rents. */}
          <Text component="h3" fw={600} id={titleId} dir="auto" style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Text>
          <Text size="sm" c="dimmed" lineClamp={2} dir="auto">
            {author}
          </Text>
          {detail}
        </Stack>
        <Box ml="auto">{action(titleId)}</Box>
      </Group>
    </Paper>
  );
}

import { Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { BookCover } from '../BookList';

interface KioskItemProps {
  title: string;
  author: string;
  cover: string | null | undefined;
  /** The line under the author: availability, or the rented date. */
  detail: ReactNode;
  /** The row's one button (Rent, Return). */
  action: ReactNode;
  testId: string;
  /** The row's key for useFocusAfterRemoval. */
  focusRow: number;
}

/** One book on the kiosk's lists: cover, title, author, a detail line and the row's button. */
export function KioskItem({ title, author, cover, detail, action, testId, focusRow }: KioskItemProps) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid={testId} data-focus-row={focusRow}>
      <Group wrap="nowrap" align="center" gap="md">
        <BookCover title={title} url={cover} />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          {/* Whole, however long: a patron must tell which book the row's button rents. */}
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Text>
          <Text size="sm" c="dimmed" lineClamp={1}>
            {author}
          </Text>
          {detail}
        </Stack>
        {action}
      </Group>
    </Paper>
  );
}

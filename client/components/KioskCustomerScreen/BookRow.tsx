import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import toast from 'react-hot-toast';
import type { Book } from '../../../shared/schemas';
import { busyProps } from '../../lib/busy';
import { BookCover, coverUrl } from '../BookList';

/** Several copies: 'N of M available' (destructive when none is left); a single copy: 'Available' or 'Rented Out'. */
function KioskAvailabilityBadge({ book }: { book: Pick<Book, 'availableCount' | 'quantity'> }) {
  const none = book.availableCount === 0;
  const label = book.quantity > 1 ? `${book.availableCount} of ${book.quantity} available` : none ? 'Rented Out' : 'Available';
  // Sentence case keeps the longest label whole beside the Rent button on a phone-sized screen.
  return (
    <Badge color={none ? 'red' : 'teal'} variant={none ? 'filled' : 'light'} tt="none" size="md">
      {label}
    </Badge>
  );
}

interface BookRowProps {
  book: Book;
  renting: boolean;
  busy: boolean;
  onRent: (isbn: string) => void;
}

export function BookRow({ book, renting, busy, onRent }: BookRowProps) {
  const rent = () => {
    if (!book.isbn) {
      toast.error(
        <span>
          <strong>Cannot rent book</strong>
          <br />
          This book is missing an ISBN.
        </span>,
      );
      return;
    }
    onRent(book.isbn);
  };

  return (
    <Paper withBorder radius="md" p="sm" data-testid="kiosk-book" data-focus-row={book.id}>
      <Group wrap="nowrap" align="center" gap="md">
        <BookCover title={book.title} url={coverUrl(book)} />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} lineClamp={2}>
            {book.title}
          </Text>
          <Text size="sm" c="dimmed" lineClamp={1}>
            {book.author}
          </Text>
          <div>
            <KioskAvailabilityBadge book={book} />
          </div>
        </Stack>
        <Button onClick={() => busy || rent()} disabled={book.availableCount === 0} {...busyProps(busy)} size="lg" miw={96} px="sm">
          {renting ? 'Renting...' : 'Rent'}
        </Button>
      </Group>
    </Paper>
  );
}

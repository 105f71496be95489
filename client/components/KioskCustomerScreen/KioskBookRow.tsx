import { Button, Group } from '@mantine/core';
import toast from 'react-hot-toast';
import type { Book } from '../../../shared/schemas';
import { busyProps } from '../../lib/busy';
import { coverUrl } from '../BookCover';
import { WholeBadge } from '../WholeBadge';
import { KioskItem } from './KioskItem';

/** Several copies: 'N of M available' (destructive when none is left); a single copy: 'Available' or 'Rented Out'. */
function KioskAvailabilityBadge({ book }: { book: Pick<Book, 'availableCount' | 'quantity'> }) {
  const none = book.availableCount === 0;
  const label = book.quantity > 1 ? `${book.availableCount} of ${book.quantity} available` : none ? 'Rented Out' : 'Available';
  // Sentence case keeps the longest label whole beside the Rent button on a phone-sized screen, and on the
  // narrowest phones it goes on two lines rather than being cut short.
  return (
    <WholeBadge color={none ? 'red' : 'teal'} variant={none ? 'filled' : 'light'} size="md">
      {label}
    </WholeBadge>
  );
}

interface KioskBookRowProps {
  book: Book;
  /** The customer has a copy out already: one is all they may have (the server would refuse another). */
  rentedByCustomer: boolean;
  renting: boolean;
  busy: boolean;
  onRent: (isbn: string) => void;
}

export function KioskBookRow({ book, rentedByCustomer, renting, busy, onRent }: KioskBookRowProps) {
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
    <KioskItem
      title={book.title}
      author={book.author}
      cover={coverUrl(book)}
      testId="kiosk-book"
      focusRow={book.id}
      detail={
        <Group gap={6}>
          <KioskAvailabilityBadge book={book} />
          {rentedByCustomer && (
            <WholeBadge color="blue" variant="light" size="md">
              You have this book
            </WholeBadge>
          )}
        </Group>
      }
      action={(titleId) => (
        <Button onClick={() => busy || rent()} disabled={book.availableCount === 0 || rentedByCustomer} {...busyProps(busy)} size="lg" miw={96} px="sm" aria-describedby={titleId}>
          {renting ? 'Renting...' : 'Rent'}
        </Button>
      )}
    />
  );
}

import { Badge, Button } from '@mantine/core';
import toast from 'react-hot-toast';
import type { Book } from '../../../shared/schemas';
import { busyProps } from '../../lib/busy';
import { coverUrl } from '../BookCover';
import { KioskItem } from './KioskItem';

const WRAPPING = { label: { whiteSpace: 'normal', overflow: 'visible' } } as const;

/** Several copies: 'N of M available' (destructive when none is left); a single copy: 'Available' or 'Rented Out'. */
function KioskAvailabilityBadge({ book }: { book: Pick<Book, 'availableCount' | 'quantity'> }) {
  const none = book.availableCount === 0;
  const label = book.quantity > 1 ? `${book.availableCount} of ${book.quantity} available` : none ? 'Rented Out' : 'Available';
  // Sentence case keeps the longest label whole beside the Rent button on a phone-sized screen.
  // Whole on two lines rather than cut short beside the Rent button on the narrowest phones.
  return (
    <Badge color={none ? 'red' : 'teal'} variant={none ? 'filled' : 'light'} tt="none" size="md" h="auto" styles={WRAPPING}>
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
    <KioskItem
      title={book.title}
      author={book.author}
      cover={coverUrl(book)}
      testId="kiosk-book"
      focusRow={book.id}
      detail={
        <div>
          <KioskAvailabilityBadge book={book} />
        </div>
      }
      action={(titleId) => (
        <Button onClick={() => busy || rent()} disabled={book.availableCount === 0} {...busyProps(busy)} size="lg" miw={96} px="sm" aria-describedby={titleId}>
          {renting ? 'Renting...' : 'Rent'}
        </Button>
      )}
    />
  );
}

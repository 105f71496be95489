import { Button } from '@mantine/core';
import type { Book, Rental } from '../../../shared/schemas';
import { useOneAtATime } from '../../hooks/use-one-at-a-time';
import { useListsSettling, useRentBook } from '../../hooks/use-rental-actions';
import { busyProps } from '../../lib/busy';
import { ReturnButton } from '../ReturnButton';

/** The customer view's action: Return Book for a book they rent, else Rent Book while a copy is left. */
export function RentalButton({ book, rental, customerId, describedBy }: { book: Book; rental?: Rental; customerId: number; describedBy?: string }) {
  const rent = useRentBook();
  const rentOnce = useOneAtATime(rent);
  const settling = useListsSettling();
  const busy = rent.isPending || settling;
  if (rental) return <ReturnButton rentalId={rental.rentalId} describedBy={describedBy} />;
  return (
    <Button
      aria-describedby={describedBy}
      disabled={!book.available}
      {...busyProps(busy)}
      onClick={() => busy || rentOnce({ isbn: book.isbn, libraryId: book.libraryId, customerId })}
    >
      {rent.isPending ? 'Renting...' : 'Rent Book'}
    </Button>
  );
}

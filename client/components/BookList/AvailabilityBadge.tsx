import type { Book } from '../../../shared/schemas';
import { WholeBadge } from '../WholeBadge';

/** 'N of M available', in warning colours when no copy is left. */
export function AvailabilityBadge({ book }: { book: Pick<Book, 'availableCount' | 'quantity'> }) {
  const none = book.availableCount === 0;
  return (
    <WholeBadge color={none ? 'orange' : 'teal'} variant={none ? 'filled' : 'light'} data-warning={none || undefined}>
      {book.availableCount} of {book.quantity} available
    </WholeBadge>
  );
}

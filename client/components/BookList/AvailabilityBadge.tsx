import type { Book } from '../../../shared/schemas';
import { WholeBadge } from '../WholeBadge';

/**
 * 'N of M available', in warning colours when no copy is left, unless the reader has one of them out (`theirs`):
 * to them it is no warning.
 */
export function AvailabilityBadge({ book, theirs = false }: { book: Pick<Book, 'availableCount' | 'quantity'>; theirs?: boolean }) {
  const none = book.availableCount === 0;
  const warning = none && !theirs;
  return (
    <WholeBadge color={warning ? 'orange' : none ? 'gray' : 'teal'} variant={warning ? 'filled' : 'light'} data-warning={warning || undefined}>
      {book.availableCount} of {book.quantity} available
    </WholeBadge>
  );
}

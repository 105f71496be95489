import { Badge } from '@mantine/core';
import type { Book } from '../../../shared/schemas';

/** 'N of M available', in warning colours when no copy is left. */
export function AvailabilityBadge({ book }: { book: Pick<Book, 'availableCount' | 'quantity'> }) {
  const none = book.availableCount === 0;
  return (
    <Badge color={none ? 'orange' : 'teal'} variant={none ? 'filled' : 'light'} tt="none" data-warning={none || undefined}>
      {book.availableCount} of {book.quantity} available
    </Badge>
  );
}

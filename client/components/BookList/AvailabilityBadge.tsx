import { Badge } from '@mantine/core';
import type { Book } from '../../../shared/schemas';

/**
 * Read whole, not cut short with an ellipsis as Mantine's badges are: too long for its line (large counts on a
 * phone), it wraps between words.
 */
const WRAPPING = { root: { height: 'auto', minHeight: 'var(--badge-height)', maxWidth: '100%' }, label: { whiteSpace: 'normal' } } as const;

/** 'N of M available', in warning colours when no copy is left. */
export function AvailabilityBadge({ book }: { book: Pick<Book, 'availableCount' | 'quantity'> }) {
  const none = book.availableCount === 0;
  return (
    <Badge color={none ? 'orange' : 'teal'} variant={none ? 'filled' : 'light'} tt="none" data-warning={none || undefined} styles={WRAPPING}>
      {book.availableCount} of {book.quantity} available
    </Badge>
  );
}

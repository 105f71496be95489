import { Card, Stack, Text } from '@mantine/core';
import { memo, useId, useState } from 'react';
import type { Book, Rental } from '../../../shared/schemas';
import { useFocusAfterRemoval } from '../../hooks/use-focus-after-removal';
import { BookCover, coverUrl } from '../BookCover';
import { BookHeading } from '../BookHeading';
import { EmptyText } from '../DataState';
import { DateText } from '../DateText';
import { ReviewsButton } from '../Reviews';
import { AvailabilityBadge } from './AvailabilityBadge';
import { EditBookButton } from './EditBookButton';
import classes from './BookList.module.css';
import { QuantityControl, withQuantity } from './QuantityControl';
import { RentalButton } from './RentalButton';

/** Library view: copy counts and details. Customer view: rent and return, from the customer's active rentals. */
export type BookListView = { kind: 'library' } | { kind: 'customer'; customerId: number; rentals: Rental[] };

/** A searched list's empty text. */
export const NO_BOOK_MATCHES = 'No books match your search.';
/** A search's count of books, one and more (searchStatusText). */
export const BOOK_NOUNS: [string, string] = ['book', 'books'];

/** Renting or returning takes the book off its list: focus moves to the book now in its place. */
export function BookList({ books, view, emptyText }: { books: Book[]; view: BookListView; emptyText: string }) {
  const focus = useFocusAfterRemoval<HTMLDivElement>();
  const rentalOf = new Map(view.kind === 'customer' ? view.rentals.map((r) => [r.bookId, r]) : []);
  const customerId = view.kind === 'customer' ? view.customerId : undefined;
  return (
    <div ref={focus.ref}>
      {books.length === 0 ? (
        <EmptyText>{emptyText}</EmptyText>
      ) : (
        <Stack gap="sm">
          {books.map((book) => (
            <BookRow key={book.id} book={book} rental={rentalOf.get(book.id)} customerId={customerId} />
          ))}
        </Stack>
      )}
    </div>
  );
}

/**
 * One book; the library view's copy count, or the customer's (customerId) rent or return. Drawn again
 * only when its own props change: a list holds up to thousands of books, and a keystroke in its search
 * box, a page loaded or one book's change must not draw every one of them again. (Each prop is the same
 * object from render to render while unchanged: the query cache keeps unchanged rows as they were.)
 */
const BookRow = memo(function BookRow({ book, rental, customerId }: { book: Book; rental?: Rental; customerId?: number }) {
  const titleId = useId();
  // The copy count being saved (library view): the badge counts it as the control shows it, until the server answers.
  const [savingQuantity, setSavingQuantity] = useState<number | null>(null);
  return (
    <Card withBorder padding="sm" radius="md" component="article" aria-labelledby={titleId} data-focus-row={book.id}>
      <div className={classes.row}>
        <BookCover title={book.title} url={coverUrl(book)} />
        <Stack gap={4} className={classes.info}>
          <BookHeading title={book.title} byline={book.author} id={titleId} />
          <Text size="xs" c="dimmed">
            ISBN: {book.isbn}
          </Text>
          {rental && (
            <Text size="xs" c="dimmed">
              Rented on: <DateText date={rental.rentedAt} />
            </Text>
          )}
          <div>
            <AvailabilityBadge book={savingQuantity === null ? book : withQuantity(book, savingQuantity)} theirs={!!rental} />
          </div>
        </Stack>
        <div className={classes.actions}>
          {/* Each described by the title: among a list's buttons, or tabbed to, 'Reviews' alone does not say whose. */}
          <ReviewsButton book={book} describedBy={titleId} />
          {customerId === undefined ? (
            <>
              <EditBookButton book={book} describedBy={titleId} />
              <QuantityControl book={book} saving={savingQuantity} onSaving={setSavingQuantity} describedBy={titleId} />
            </>
          ) : (
            <RentalButton book={book} rental={rental} customerId={customerId} describedBy={titleId} />
          )}
        </div>
      </div>
    </Card>
  );
});

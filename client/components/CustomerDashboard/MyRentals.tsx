import { Box } from '@mantine/core';
import { useId, useMemo, useState } from 'react';
import type { Book, Rental } from '../../../shared/schemas';
import { BookList } from '../BookList';
import { ShowAllToggle } from '../ShowAllToggle';

/** How many rented books My Rentals shows before 'Show all': a reader with dozens out still reaches Available to Rent. */
const MY_RENTALS_SHOWN = 5;

/**
 * The customer's rented books, the latest rented first (so a book just rented shows at the top): the
 * first few, or on request every one.
 */
export function MyRentals({ books, customerId, rentals }: { books: Book[]; customerId: number; rentals: Rental[] }) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const latestFirst = useMemo(() => byLatestRental(books, rentals), [books, rentals]);
  const shown = expanded ? latestFirst : latestFirst.slice(0, MY_RENTALS_SHOWN);
  return (
    <>
      <Box id={listId}>
        <BookList books={shown} view={{ kind: 'customer', customerId, rentals }} emptyText="You have no active rentals." />
      </Box>
      {/* While expanded, Show fewer stays though returns meanwhile left no more than the first few. */}
      {(expanded || latestFirst.length > MY_RENTALS_SHOWN) && (
        <ShowAllToggle
          expanded={expanded}
          onToggle={setExpanded}
          controls={listId}
          total={latestFirst.length}
          summary={expanded ? `All ${latestFirst.length} of your rentals.` : `Showing your ${shown.length} latest of ${latestFirst.length}.`}
        />
      )}
    </>
  );
}

/** Books in the order of their rentals (newest first, as the rentals come); a book whose rental is not read yet goes last. */
function byLatestRental(books: Book[], rentals: Rental[]): Book[] {
  const place = new Map(rentals.map((rental, index) => [rental.bookId, index]));
  const placeOf = (book: Book) => place.get(book.id) ?? rentals.length;
  return [...books].sort((a, b) => placeOf(a) - placeOf(b));
}

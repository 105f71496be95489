import { Button, Divider, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { SEARCH_MAX_LENGTH } from '../../../shared/constants';
import type { Rental } from '../../../shared/schemas';
import { useBookPages } from '../../hooks/use-book-pages';
import { useDebouncedSearch } from '../../hooks/use-debounced-search';
import { useFocusAfterRemoval } from '../../hooks/use-focus-after-removal';
import { useKioskRent } from '../../hooks/use-kiosk-rentals';
import { busyProps } from '../../lib/busy';
import { BOOK_NOUNS } from '../BookList';
import { ListSkeleton, LoadMoreButton } from '../DataState';
import { ScanDialog } from '../ScanDialog';
import { resultsOf, SearchStatus, searchStatusText } from '../SearchField';
import { KioskBookRow } from './KioskBookRow';
import { StateMessage } from './StateMessage';
import { wrappingLabel } from '../../lib/wrapping-label';

interface RentTabProps {
  libraryId: number;
  customerId: number;
  rentedBookIds: ReadonlySet<number>;
  /** The customer's rental of the book of this ISBN, if they have it out. */
  rentalOf: (isbn: string) => Rental | undefined;
  /** A book the customer has out was scanned: its return is to be asked. */
  onReturnAsked: (rental: Rental) => void;
}

/**
 * Rent by scanning (or typing) an ISBN, or by searching the library's books by title or author. A book
 * the customer has out already says so, its Rent disabled; scanned, it is one they bring back, and its
 * return is asked. Renting a book disables its button (the customer has it now, or its last copy is
 * gone): focus moves to the next book that can be rented.
 */
export function RentTab({ libraryId, customerId, rentedBookIds, rentalOf, onReturnAsked }: RentTabProps) {
  const [scanning, setScanning] = useState(false);
  // The scan went on to the return's dialog, which takes the focus: the scanner does not hand it back.
  const [handedOn, setHandedOn] = useState(false);
  const { search, setSearch, debounced: debouncedSearch } = useDebouncedSearch();
  const { query: pages, books } = useBookPages({ libraryId, search: debouncedSearch }, { enabled: debouncedSearch !== '' });
  const { rent, rentingIsbn } = useKioskRent(libraryId, customerId);
  const focus = useFocusAfterRemoval<HTMLDivElement>();
  const status = searchStatusText(resultsOf(debouncedSearch, pages, books), BOOK_NOUNS);
  const rentScanned = (isbn: string) => {
    setScanning(false);
    const rental = rentalOf(isbn);
    setHandedOn(!!rental);
    if (rental) onReturnAsked(rental);
    else rent(isbn);
  };

  const results = () => {
    if (!debouncedSearch) return <StateMessage title="Search for a Book" text="Enter a title or author above to find a book to rent." />;
    if (pages.isPending) return <ListSkeleton label="Searching books" count={2} />;
    // A later read that failed (a refresh after a rent, the next page) is said above the books already found, which stay.
    const failure = pages.isError && (
      <StateMessage error title="Error Fetching Books" text="There was a problem searching for books. Please try again later." retry={pages} />
    );
    if (failure && !books?.length) return failure;
    if (!books?.length) {
      return <StateMessage title="No Books Found" text='Try a different search or press "Scan Barcode or Enter ISBN" to look up your book.' />;
    }
    return (
      <Stack gap="sm">
        {failure}
        {books.map((book) => (
          <KioskBookRow key={book.id} book={book} rentedByCustomer={rentedBookIds.has(book.id)} renting={rentingIsbn === book.isbn} busy={rentingIsbn !== null} onRent={rent} />
        ))}
        <LoadMoreButton size="lg" hasNextPage={pages.hasNextPage} loading={pages.isFetchingNextPage} onLoad={() => pages.fetchNextPage()} />
      </Stack>
    );
  };

  return (
    <Stack gap="md">
      {/* Busy rather than disabled while a rent runs: the scanner's dialog hands focus back to it as it closes. */}
      <Button
        size="lg"
        onClick={() => {
          if (rentingIsbn !== null) return;
          setHandedOn(false);
          setScanning(true);
        }}
        {...busyProps(rentingIsbn !== null)}
        {...wrappingLabel}
      >
        Scan Barcode or Enter ISBN
      </Button>
      <Divider label="or" labelPosition="center" />
      <TextInput
        type="search"
        size="lg"
        label="Search books"
        placeholder="Search by title or author..."
        maxLength={SEARCH_MAX_LENGTH}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      <SearchStatus text={status} />
      <div ref={focus.ref}>{results()}</div>
      <ScanDialog opened={scanning} onClose={() => setScanning(false)} libraryId={libraryId} onConfirm={rentScanned} ifNotHeld="refuse" returnFocus={!handedOn} />
    </Stack>
  );
}

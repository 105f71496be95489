import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useBookPages } from '../../hooks/use-book-pages';
import { useDebouncedSearch } from '../../hooks/use-debounced-search';
import { callFallbacks, errorMessage } from '../../lib/error-messages';
import { trpc } from '../../trpc';
import { BOOK_NOUNS, BookList, type BookListView, NO_BOOK_MATCHES } from '../BookList';
import { ErrorAlert, ListSkeleton, PagedList } from '../DataState';
import { resultsOf, SearchField, searchStatusText } from '../SearchField';
import { MyRentals } from './MyRentals';
import { WelcomeBanner } from './WelcomeBanner';

/** A customer's view of one library: what they have rented, and what they can rent. */
export function CustomerDashboard({ libraryId, customerId }: { libraryId: number; customerId: number }) {
  const { search, setSearch, debounced } = useDebouncedSearch();
  // Browsing lists what can be rented now; a search finds the library's book even when every copy is out
  // (said so, Rent Book disabled), rather than answering that the library has no such book.
  const { query: pages, books } = useBookPages({ libraryId, available: debounced ? undefined : true, search: debounced });
  const rentals = trpc.rentals.mine.useQuery({ libraryId });
  const rented = trpc.books.rentedByMe.useQuery({ libraryId });

  // Each section waits for, and names the failure of, only the calls it is drawn from: both need the
  // customer's rentals (which books get Return Book), My Rentals their books, Available to Rent the list.
  // A later read that fails (a refresh after a rent, in an outage) is said above what was on screen, which stays.
  const rentalsFailure = rentals.isError && (
    <ErrorAlert retry={rentals}>Error fetching rentals: {errorMessage(rentals.error, callFallbacks.fetchRentals)}</ErrorAlert>
  );
  const rentedFailure = rented.isError && <ErrorAlert retry={rented}>Error fetching books: {errorMessage(rented.error, callFallbacks.fetchBooks)}</ErrorAlert>;
  const view: BookListView | undefined = rentals.data && { kind: 'customer', customerId, rentals: rentals.data };

  let mine: ReactNode;
  if (!view || !rented.data) mine = rentedFailure || rentalsFailure || <ListSkeleton label="Loading your rentals" count={1} />;
  else {
    mine = (
      <>
        {rentedFailure || rentalsFailure}
        <MyRentals books={rented.data} customerId={customerId} rentals={view.rentals} />
      </>
    );
  }

  // What Available to Rent shows: browsing, the books on the shelf less those the customer has out (under My
  // Rentals); a search, every book found, those with Return Book among them, as it shows those with no copy
  // left: a book the library holds is never answered with 'No books match your search.'.
  const rentedIds = new Set(view?.rentals.map((r) => r.bookId));
  const shown = view && (debounced ? books : books?.filter((b) => !rentedIds.has(b.id)));
  const status = searchStatusText(resultsOf(debounced, pages, shown), BOOK_NOUNS);

  const available = (
    <PagedList
      query={pages}
      rows={shown}
      // The books wait for the customer's rentals (which of them get Return Book), or say those failed.
      loading={(!view && rentalsFailure) || <ListSkeleton label="Loading books" />}
      failure="Error fetching books: "
      fallback={callFallbacks.fetchBooks}
    >
      {(rows) => view && <BookList books={rows} view={view} emptyText={debounced ? NO_BOOK_MATCHES : 'No books are currently available to rent.'} />}
    </PagedList>
  );

  return (
    <>
      <WelcomeBanner />
      <Stack gap="xl">
        <Section title="My Rentals">{mine}</Section>
        <Section title="Available to Rent">
          <SearchField label="Search books" placeholder="Search by title or author..." value={search} onChange={setSearch} status={status} />
          {available}
        </Section>
      </Stack>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={2} size="h3">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useBookPages } from '../../hooks/use-book-pages';
import { useDebouncedSearch } from '../../hooks/use-debounced-search';
import { callFallbacks, errorMessage } from '../../lib/error-messages';
import { trpc } from '../../trpc';
import { BookList, type BookListView, LoadMoreButton, NO_BOOK_MATCHES } from '../BookList';
import { ErrorAlert, ListSkeleton } from '../DataState';
import { SearchField } from '../SearchField';
import { WelcomeBanner } from './WelcomeBanner';

/** A customer's view of one library: what they have rented, and what they can rent. */
export function CustomerDashboard({ libraryId, customerId }: { libraryId: number; customerId: number }) {
  const { search, setSearch, debounced } = useDebouncedSearch();
  const { query: pages, books } = useBookPages({ libraryId, available: true, search: debounced });
  const rentals = trpc.rentals.mine.useQuery({ libraryId });
  const rented = trpc.books.rentedByMe.useQuery({ libraryId });

  let mine: ReactNode;
  let available: ReactNode;
  if (pages.isPending || rentals.isPending) {
    mine = <ListSkeleton label="Loading your rentals" count={1} />;
    available = <ListSkeleton label="Loading books" />;
  } else if (pages.isError || rentals.isError || !books) {
    const failure = rentals.isError
      ? `Error fetching rentals: ${errorMessage(rentals.error, callFallbacks.fetchRentals)}`
      : `Error fetching books: ${errorMessage(pages.error, callFallbacks.fetchBooks)}`;
    const failed = [pages, rentals].filter((q) => q.isError);
    const retry = { refetch: () => failed.forEach((q) => q.refetch()), isFetching: failed.some((q) => q.isFetching) };
    mine = available = <ErrorAlert retry={retry}>{failure}</ErrorAlert>;
  } else {
    const rentedIds = new Set(rentals.data.map((r) => r.bookId));
    const view: BookListView = { kind: 'customer', customerId, rentals: rentals.data };
    mine = rented.isError ? (
      <ErrorAlert retry={rented}>Error fetching books: {errorMessage(rented.error, callFallbacks.fetchBooks)}</ErrorAlert>
    ) : rented.isPending ? (
      <ListSkeleton label="Loading your rentals" count={1} />
    ) : (
      <BookList books={rented.data} view={view} emptyText="You have no active rentals." />
    );
    available = (
      <>
        <BookList books={books.filter((b) => !rentedIds.has(b.id))} view={view} emptyText={debounced ? NO_BOOK_MATCHES : 'No books are currently available to rent.'} />
        <LoadMoreButton hasNextPage={pages.hasNextPage} loading={pages.isFetchingNextPage} onLoad={() => pages.fetchNextPage()} />
      </>
    );
  }

  return (
    <>
      {rentals.isSuccess && rentals.data.length === 0 && <WelcomeBanner />}
      <Stack gap="xl">
        <Section title="My Rentals">{mine}</Section>
        <Section title="Available to Rent">
          <SearchField label="Search books" placeholder="Search by title or author..." value={search} onChange={setSearch} />
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

import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { callFallbacks, errorMessage } from '../../lib/error-messages';
import { trpc } from '../../trpc';
import { BookList, type BookListView } from '../BookList';
import { ErrorAlert, ListSkeleton } from '../DataState';
import { WelcomeBanner } from './WelcomeBanner';

/** A customer's view of one library: what they have rented, and what they can rent. */
export function CustomerDashboard({ libraryId, customerId }: { libraryId: number; customerId: number }) {
  const books = trpc.books.list.useQuery({ libraryId });
  const rentals = trpc.rentals.mine.useQuery({ libraryId });

  let mine: ReactNode;
  let available: ReactNode;
  if (books.isPending || rentals.isPending) {
    mine = <ListSkeleton label="Loading your rentals" count={1} />;
    available = <ListSkeleton label="Loading books" />;
  } else if (books.isError || rentals.isError) {
    const failure = books.isError ? `Error fetching books: ${errorMessage(books.error, callFallbacks.fetchBooks)}` : `Error fetching rentals: ${errorMessage(rentals.error, callFallbacks.fetchRentals)}`;
    mine = available = <ErrorAlert>{failure}</ErrorAlert>;
  } else {
    const rentedIds = new Set(rentals.data.map((r) => r.bookId));
    const view: BookListView = { kind: 'customer', customerId, rentals: rentals.data };
    mine = <BookList books={books.data.filter((b) => rentedIds.has(b.id))} view={view} emptyText="You have no active rentals." />;
    available = <BookList books={books.data.filter((b) => b.available && !rentedIds.has(b.id))} view={view} emptyText="No books are currently available to rent." />;
  }

  return (
    <>
      {rentals.isSuccess && rentals.data.length === 0 && <WelcomeBanner />}
      <Stack gap="xl">
        <Section title="My Rentals">{mine}</Section>
        <Section title="Available to Rent">{available}</Section>
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

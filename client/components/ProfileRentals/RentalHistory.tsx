import { Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { type OwnRental, RENTAL_HISTORY_PAGE_DEFAULT } from '../../../shared/schemas';
import { formatDate } from '../../lib/dates';
import { callFallbacks, errorMessage } from '../../lib/error-messages';
import { paging } from '../../lib/paging';
import { trpc } from '../../trpc';
import { LoadMoreButton } from '../BookList';
import { EmptyText, ErrorAlert, ListSkeleton } from '../DataState';
import { ProfileSection } from './ProfileSection';

const historyPages = paging(RENTAL_HISTORY_PAGE_DEFAULT, (rental: OwnRental) => rental.rentalId);

/** The books the user has rented and returned, at every library, latest rented first, a page at a time. */
export function RentalHistory() {
  return (
    <ProfileSection id="rental-history" title="Rental History" description="Books you have returned, the latest rented first.">
      <HistoryRows />
    </ProfileSection>
  );
}

function HistoryRows() {
  const pages = trpc.rentals.myHistory.useInfiniteQuery(
    { limit: historyPages.limit },
    { getNextPageParam: historyPages.nextPage },
  );
  const rentals = useMemo(() => historyPages.rows(pages.data?.pages), [pages.data]);
  if (pages.isPending) return <ListSkeleton label="Loading your rental history" count={3} height={56} />;
  const failure = pages.isError && <ErrorAlert retry={pages}>Error fetching rentals: {errorMessage(pages.error, callFallbacks.fetchRentals)}</ErrorAlert>;
  if (!rentals) return failure;
  if (rentals.length === 0 && !failure) return <EmptyText>You have not returned any books yet.</EmptyText>;
  return (
    <Stack gap="sm">
      {/* A later read failed (the next page, a refresh): said above the rows already on screen, which stay. */}
      {failure}
      <Stack gap={0} component="ul" role="list" p={0} m={0} style={{ listStyle: 'none' }}>
        {rentals.map((rental) => (
          <HistoryRow key={rental.rentalId} rental={rental} />
        ))}
      </Stack>
      <LoadMoreButton items="rentals" hasNextPage={pages.hasNextPage} loading={pages.isFetchingNextPage} onLoad={() => pages.fetchNextPage()} />
    </Stack>
  );
}

function HistoryRow({ rental }: { rental: OwnRental }) {
  return (
    <li style={{ padding: 'var(--mantine-spacing-xs) 0', borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      {/* Whole, however long: titles of a series may differ only at their end. */}
      <Text fw={600} size="sm" dir="auto" style={{ overflowWrap: 'anywhere' }}>
        {rental.bookTitle}
      </Text>
      <Text size="sm" c="dimmed" dir="auto">
        {rental.bookAuthor} · {rental.libraryName}
      </Text>
      <Text size="xs" c="dimmed">
        Rented on: {formatDate(rental.rentedAt)} · Returned on: {formatDate(rental.returnedAt)}
      </Text>
    </li>
  );
}

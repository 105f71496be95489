import { Stack, Text } from '@mantine/core';
import { type OwnRental, RENTAL_HISTORY_PAGE_DEFAULT } from '../../../shared/schemas';
import { usePagedQuery } from '../../hooks/use-paged-query';
import { callFallbacks } from '../../lib/error-messages';
import { paging } from '../../lib/paging';
import { trpc } from '../../trpc';
import { BookHeading } from '../BookHeading';
import { EmptyText, ListSkeleton, PagedList } from '../DataState';
import { ProfileSection } from './ProfileSection';
import { DateText } from '../DateText';

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
  const { query, rows } = usePagedQuery(trpc.rentals.myHistory, {}, historyPages);
  return (
    <PagedList
      query={query}
      rows={rows}
      loading={<ListSkeleton label="Loading your rental history" count={3} height={56} />}
      failure="Error fetching rentals: "
      fallback={callFallbacks.fetchRentals}
      empty={<EmptyText>You have not returned any books yet.</EmptyText>}
      items="rentals"
    >
      {(rentals) => (
        <Stack gap={0} component="ul" role="list" p={0} m={0} style={{ listStyle: 'none' }}>
          {rentals.map((rental) => (
            <HistoryRow key={rental.rentalId} rental={rental} />
          ))}
        </Stack>
      )}
    </PagedList>
  );
}

function HistoryRow({ rental }: { rental: OwnRental }) {
  return (
    <li style={{ padding: 'var(--mantine-spacing-xs) 0', borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <BookHeading title={rental.bookTitle} byline={<>{rental.bookAuthor} · {rental.libraryName}</>} component="p" size="sm" />
      <Text size="xs" c="dimmed">
        Rented on: <DateText date={rental.rentedAt} /> · Returned on: <DateText date={rental.returnedAt} />
      </Text>
    </li>
  );
}

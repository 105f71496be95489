import { Badge, Card, Group, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { RENTALS_PAGE_DEFAULT, type Rental } from '../../../shared/schemas';
import { useDebouncedSearch } from '../../hooks/use-debounced-search';
import { useFocusAfterRemoval } from '../../hooks/use-focus-after-removal';
import { usePagedQuery } from '../../hooks/use-paged-query';
import { callFallbacks } from '../../lib/error-messages';
import { paging } from '../../lib/paging';
import { trpc } from '../../trpc';
import { BookCover, coverUrl } from '../BookCover';
import { BookHeading } from '../BookHeading';
import { ReturnButton } from '../ReturnButton';
import { BreakableEmail } from '../BreakableEmail';
import { EmptyText, ListSkeleton, PagedList } from '../DataState';
import { resultsOf, SearchField, searchStatusText } from '../SearchField';
import { DateText } from '../DateText';
import classes from './LibraryAdminDashboard.module.css';

const rentalPages = paging(RENTALS_PAGE_DEFAULT, (rental: Rental) => rental.rentalId);
const NO_RENTAL_MATCHES = 'No rentals match your search.';

/**
 * The library's active rentals, newest first, a page at a time, searched by book or customer as the
 * librarian types (debounced). Returning one refreshes the loaded pages, and focus moves to the card
 * now in its place.
 */
export function RentalsPanel({ libraryId }: { libraryId: number }) {
  const focus = useFocusAfterRemoval<HTMLDivElement>();
  const { search, setSearch, debounced } = useDebouncedSearch();
  const { query, rows: rentals } = usePagedQuery(trpc.rentals.list, { libraryId, ...(debounced ? { search: debounced } : {}) }, rentalPages);
  const status = searchStatusText(resultsOf(debounced, query, rentals), ['rental', 'rentals']);
  return (
    <div className={classes.panel}>
      {/* Seen, the tab names the list; heard, heading by heading, its rentals sit under this, as the other tabs' rows under theirs. */}
      <VisuallyHidden component="h2">Active Rentals</VisuallyHidden>
      <SearchField label="Search rentals" placeholder="Search by title, author or customer..." value={search} onChange={setSearch} status={status} />
      <div ref={focus.ref}>
        <PagedList
          query={query}
          rows={rentals}
          loading={<ListSkeleton label="Loading rentals" height={160} />}
          failure="Error fetching rentals: "
          fallback={callFallbacks.fetchRentals}
          empty={<EmptyText>{debounced ? NO_RENTAL_MATCHES : 'No books are currently rented.'}</EmptyText>}
          items="rentals"
          gap="md"
        >
          {(rows) => (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              {rows.map((rental) => (
                <RentalCard key={rental.rentalId} rental={rental} />
              ))}
            </SimpleGrid>
          )}
        </PagedList>
      </div>
    </div>
  );
}

function RentalCard({ rental }: { rental: Rental }) {
  const titleId = useId();
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={titleId} data-focus-row={rental.rentalId}>
      <Group align="flex-start" wrap="nowrap" gap="md" mb="md">
        <BookCover title={rental.bookTitle} url={coverUrl(rental)} />
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          {/* Above the title, which keeps the column's width: beside it, a phone left the title a few words to a line. */}
          <Badge color="orange" variant="light" tt="none" style={{ alignSelf: 'flex-start' }}>
            Rented
          </Badge>
          <BookHeading title={rental.bookTitle} byline={rental.bookAuthor} id={titleId} />
          <Text size="sm">
            Rented by: <bdi>{rental.userDisplayName}</bdi>
            <Text span size="xs" c="dimmed" display="block">
              <BreakableEmail email={rental.userEmail} />
            </Text>
          </Text>
          <Text size="xs" c="dimmed">
            ISBN: {rental.bookIsbn}
          </Text>
          <Text size="xs" c="dimmed">
            Rented on: <DateText date={rental.rentedAt} />
          </Text>
        </Stack>
      </Group>
      {/* At the card's foot, so the buttons of a row of cards line up. */}
      <ReturnButton rentalId={rental.rentalId} label="Mark as Returned" describedBy={titleId} mt="auto" fullWidth />
    </Card>
  );
}

import { Badge, Card, Group, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useId, useMemo } from 'react';
import { RENTALS_PAGE_DEFAULT, type Rental } from '../../../shared/schemas';
import { useDebouncedSearch } from '../../hooks/use-debounced-search';
import { useFocusAfterRemoval } from '../../hooks/use-focus-after-removal';
import { formatDate } from '../../lib/dates';
import { keepPreviousWhileOnline } from '../../lib/keep-previous';
import { callFallbacks, errorMessage } from '../../lib/error-messages';
import { paging } from '../../lib/paging';
import { trpc } from '../../trpc';
import { BookCover, coverUrl } from '../BookCover';
import { LoadMoreButton, ReturnButton } from '../BookList';
import { BreakableEmail } from '../BreakableEmail';
import { EmptyText, ErrorAlert, ListSkeleton } from '../DataState';
import { resultsOf, SearchField, searchStatusText } from '../SearchField';

const rentalPages = paging(RENTALS_PAGE_DEFAULT, (rental: Rental) => rental.rentalId);

/**
 * The library's active rentals, newest first, a page at a time, searched by book or customer as the
 * librarian types (debounced). Returning one refreshes the loaded pages, and focus moves to the card
 * now in its place.
 */
export function RentalsPanel({ libraryId }: { libraryId: number }) {
  const focus = useFocusAfterRemoval<HTMLDivElement>();
  const { search, setSearch, debounced } = useDebouncedSearch();
  const pages = trpc.rentals.list.useInfiniteQuery(
    { libraryId, ...(debounced ? { search: debounced } : {}), limit: rentalPages.limit },
    { getNextPageParam: rentalPages.nextPage, placeholderData: keepPreviousWhileOnline },
  );
  const rentals = useMemo(() => rentalPages.rows(pages.data?.pages), [pages.data]);
  const status = searchStatusText(resultsOf(debounced, pages, rentals), ['rental', 'rentals']);
  return (
    <Stack gap="md">
      {/* Seen, the tab names the list; heard, heading by heading, its rentals sit under this, as the other tabs' rows under theirs. */}
      <VisuallyHidden component="h2">Active Rentals</VisuallyHidden>
      <SearchField label="Search rentals" placeholder="Search by title, author or customer..." value={search} onChange={setSearch} status={status} />
      <div ref={focus.ref}>
        <Rentals pages={pages} rentals={rentals} search={debounced} />
      </div>
    </Stack>
  );
}

const NO_RENTAL_MATCHES = 'No rentals match your search.';

type RentalPages = ReturnType<typeof trpc.rentals.list.useInfiniteQuery>;

function Rentals({ pages, rentals, search }: { pages: RentalPages; rentals: Rental[] | undefined; search: string }) {
  if (pages.isPending) return <ListSkeleton label="Loading rentals" height={160} />;
  const failure = pages.isError && <ErrorAlert retry={pages}>Error fetching rentals: {errorMessage(pages.error, callFallbacks.fetchRentals)}</ErrorAlert>;
  if (!rentals) return failure;
  if (rentals.length === 0 && !failure) return <EmptyText>{search ? NO_RENTAL_MATCHES : 'No books are currently rented.'}</EmptyText>;
  return (
    <Stack gap="md">
      {/* A later read failed (a refresh, the next page): said above the rentals already on screen, which stay. */}
      {failure}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {rentals.map((rental) => (
          <RentalCard key={rental.rentalId} rental={rental} />
        ))}
      </SimpleGrid>
      <LoadMoreButton items="rentals" hasNextPage={pages.hasNextPage} loading={pages.isFetchingNextPage} onLoad={() => pages.fetchNextPage()} />
    </Stack>
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
          {/* Whole, however long: titles of a series may differ only at their end. */}
          <Text component="h3" fw={600} id={titleId} dir="auto" style={{ overflowWrap: 'anywhere' }}>
            {rental.bookTitle}
          </Text>
          <Text size="sm" c="dimmed" dir="auto">
            {rental.bookAuthor}
          </Text>
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
            Rented on: {formatDate(rental.rentedAt)}
          </Text>
        </Stack>
      </Group>
      {/* At the card's foot, so the buttons of a row of cards line up. */}
      <ReturnButton rentalId={rental.rentalId} label="Mark as Returned" describedBy={titleId} mt="auto" fullWidth />
    </Card>
  );
}

import { Card, Group, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import type { OwnRental } from '../../../shared/schemas';
import { useFocusAfterRemoval } from '../../hooks/use-focus-after-removal';
import { callFallbacks, errorMessage } from '../../lib/error-messages';
import { trpc } from '../../trpc';
import { BookCover, coverUrl } from '../BookCover';
import { BookHeading } from '../BookHeading';
import { ReturnButton } from '../ReturnButton';
import { EmptyText, ErrorAlert, ListSkeleton } from '../DataState';
import { ProfileSection } from './ProfileSection';
import { DateText } from '../DateText';

/**
 * The signed-in user's rented books at every library, newest first, each with its library and a
 * Return Book. The dashboard shows a customer one library's; this is the whole of them, and the one
 * place a customer who became a library admin still sees (and returns) what they rented.
 */
export function ProfileRentals() {
  const focus = useFocusAfterRemoval<HTMLDivElement>();
  return (
    <ProfileSection id="my-rentals" title="My Rentals" description="Books out on your account, at every library.">
      <div ref={focus.ref}>
        <RentalRows />
      </div>
    </ProfileSection>
  );
}

function RentalRows() {
  const rentals = trpc.rentals.mineEverywhere.useQuery();
  // A later read that failed (a refresh after a return) is said above the rentals already on screen, which stay.
  const failure = rentals.isError && <ErrorAlert retry={rentals}>Error fetching rentals: {errorMessage(rentals.error, callFallbacks.fetchRentals)}</ErrorAlert>;
  if (!rentals.data) return failure || <ListSkeleton label="Loading your rentals" count={2} height={72} />;
  if (rentals.data.length === 0) return failure || <EmptyText>You have no active rentals.</EmptyText>;
  return (
    <Stack gap="sm">
      {failure}
      {rentals.data.map((rental) => (
        <RentalRow key={rental.rentalId} rental={rental} />
      ))}
    </Stack>
  );
}

function RentalRow({ rental }: { rental: OwnRental }) {
  const titleId = useId();
  return (
    <Card withBorder padding="sm" radius="md" component="article" aria-labelledby={titleId} data-focus-row={rental.rentalId}>
      <Group justify="space-between" gap="sm">
        <Group gap="md" wrap="nowrap" align="flex-start" style={{ minWidth: 0, flex: '1 1 16rem' }}>
          <BookCover title={rental.bookTitle} url={coverUrl(rental)} />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <BookHeading title={rental.bookTitle} byline={rental.bookAuthor} id={titleId} />
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {rental.libraryName}
            </Text>
            <Text size="xs" c="dimmed">
              Rented on: <DateText date={rental.rentedAt} />
            </Text>
          </Stack>
        </Group>
        <ReturnButton rentalId={rental.rentalId} describedBy={titleId} />
      </Group>
    </Card>
  );
}

import { Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Rental } from '../../../shared/schemas';
import { useFocusAfterRemoval } from '../../hooks/use-focus-after-removal';
import { useKioskReturn } from '../../hooks/use-kiosk-rentals';
import { formatDate } from '../../lib/dates';
import { BookCover, coverUrl } from '../BookList';
import { ListSkeleton } from '../DataState';
import { StateMessage } from './StateMessage';

interface RentalsTabProps {
  libraryId: number;
  rentals: Rental[] | undefined;
  isLoading: boolean;
  isError: boolean;
}

/**
 * The customer's unreturned rentals at this library, newest first as the server lists them, each
 * returned after a confirmation. Once a return's dialog closes, focus goes to the rental now in its place.
 */
export function RentalsTab({ libraryId, rentals, isLoading, isError }: RentalsTabProps) {
  const [confirming, setConfirming] = useState<Rental | null>(null);
  const [opened, setOpened] = useState(false);
  const returnRental = useKioskReturn(libraryId);
  const focus = useFocusAfterRemoval<HTMLDivElement>();

  const askToReturn = (rental: Rental) => {
    setConfirming(rental);
    setOpened(true);
  };
  const confirmReturn = () => {
    if (confirming) returnRental.mutate({ rentalId: confirming.rentalId }, { onSettled: () => setOpened(false) });
  };

  return (
    <>
      <div ref={focus.ref}>
        <RentalRows rentals={rentals} isLoading={isLoading} isError={isError} onReturn={askToReturn} />
      </div>
      <Modal opened={opened} onClose={() => setOpened(false)} onExitTransitionEnd={focus.restore} title="Return Book" centered>
        <Text>Are you sure you want to return {confirming?.bookTitle}?</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" size="lg" onClick={() => setOpened(false)} disabled={returnRental.isPending}>
            Cancel
          </Button>
          <Button size="lg" onClick={confirmReturn} loading={returnRental.isPending}>
            Return Book
          </Button>
        </Group>
      </Modal>
    </>
  );
}

type RentalRowsProps = Omit<RentalsTabProps, 'libraryId'> & { onReturn: (rental: Rental) => void };

function RentalRows({ rentals, isLoading, isError, onReturn }: RentalRowsProps) {
  if (isLoading) return <ListSkeleton label="Loading rentals" count={1} />;
  if (isError) return <StateMessage error text="Could not load current rentals." />;
  if (!rentals?.length) return <StateMessage text="No books currently rented." />;
  return (
    <Stack gap="sm">
      {rentals.map((rental) => (
        <Paper key={rental.rentalId} withBorder radius="md" p="sm" data-testid="kiosk-rental" data-focus-row={rental.rentalId}>
          <Group wrap="nowrap" gap="md">
            <BookCover title={rental.bookTitle} url={coverUrl(rental)} />
            <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
              <Text fw={600} lineClamp={2}>
                {rental.bookTitle}
              </Text>
              <Text size="sm" c="dimmed" lineClamp={1}>
                {rental.bookAuthor}
              </Text>
              <Text size="sm">Rented on {formatDate(rental.rentedAt)}</Text>
            </Stack>
            <Button variant="outline" size="lg" onClick={() => onReturn(rental)} miw={96} px="sm">
              Return
            </Button>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

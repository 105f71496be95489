import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Rental } from '../../../shared/schemas';
import { useFocusAfterRemoval } from '../../hooks/use-focus-after-removal';
import { useKioskReturn } from '../../hooks/use-kiosk-rentals';
import { busyButtonProps } from '../../lib/busy';
import { coverUrl } from '../BookCover';
import { ListSkeleton } from '../DataState';
import { KioskItem } from './KioskItem';
import { StateMessage } from './StateMessage';
import { DateText } from '../DateText';

interface RentalsTabProps {
  libraryId: number;
  rentals: UseQueryResult<Rental[], unknown>;
  /** A return the patron asked elsewhere (a scan of its book on the Rent tab): its dialog opens, once for each ask. */
  returnAsked: { rental: Rental } | null;
}

/**
 * The customer's unreturned rentals at this library, newest first as the server lists them, each
 * returned after a confirmation. Once a return's dialog closes, focus goes to the rental now in its place.
 */
export function RentalsTab({ libraryId, rentals, returnAsked }: RentalsTabProps) {
  const [confirming, setConfirming] = useState<Rental | null>(null);
  const [opened, setOpened] = useState(false);
  const [askSeen, setAskSeen] = useState(returnAsked);
  if (returnAsked !== askSeen) {
    setAskSeen(returnAsked);
    if (returnAsked) {
      setConfirming(returnAsked.rental);
      setOpened(true);
    }
  }
  const { returnRental, isPending } = useKioskReturn(libraryId);
  const focus = useFocusAfterRemoval<HTMLDivElement>();
  const dialog = useRef<HTMLDivElement>(null);
  // Asked from the Rent tab, the dialog closes onto this rental's place in the list, as one opened from its row does.
  const { remember } = focus;
  useEffect(() => {
    if (returnAsked) remember(returnAsked.rental.rentalId);
  }, [returnAsked, remember]);

  const askToReturn = (rental: Rental) => {
    setConfirming(rental);
    setOpened(true);
  };
  const confirmReturn = () => {
    if (confirming) returnRental(confirming.rentalId, () => setOpened(false));
  };

  return (
    <>
      <div ref={focus.ref}>
        <RentalRows rentals={rentals} onReturn={askToReturn} />
      </div>
      <Modal
        opened={opened}
        // While the return runs, Escape and a tap outside do what the disabled Cancel does: nothing.
        onClose={() => !isPending && setOpened(false)}
        ref={dialog}
        onExitTransitionEnd={() => focus.restore(dialog.current)}
        title="Return Book"
        centered
      >
        <Text>Are you sure you want to return {confirming?.bookTitle}?</Text>
        {/* One row sharing the width, or where the two do not fit beside each other (a phone), one under the other, full width. */}
        <Group grow preventGrowOverflow={false} mt="lg">
          <Button variant="default" size="lg" onClick={() => setOpened(false)} disabled={isPending}>
            Cancel
          </Button>
          {/* Busy, it keeps focus: disabled, it would drop it behind the dialog, which a failed return leaves open. The
              dialog opens on it: the patron has just asked to return this book (Escape or Cancel go back). */}
          <Button size="lg" data-autofocus onClick={() => isPending || confirmReturn()} {...busyButtonProps(isPending)}>
            Return Book
          </Button>
        </Group>
      </Modal>
    </>
  );
}

type RentalRowsProps = Pick<RentalsTabProps, 'rentals'> & { onReturn: (rental: Rental) => void };

function RentalRows({ rentals, onReturn }: RentalRowsProps) {
  // A later read that failed (a refresh after a return) is said above the rentals already on screen, which stay.
  const failure = rentals.isError && <StateMessage error text="Could not load current rentals." retry={rentals} />;
  if (!rentals.data) return failure || <ListSkeleton label="Loading rentals" count={1} />;
  if (!rentals.data.length) return failure || <StateMessage text="No books currently rented." />;
  return (
    <Stack gap="sm">
      {failure}
      {rentals.data.map((rental) => (
        <KioskItem
          key={rental.rentalId}
          title={rental.bookTitle}
          author={rental.bookAuthor}
          cover={coverUrl(rental)}
          testId="kiosk-rental"
          focusRow={rental.rentalId}
          detail={
            <Text size="sm">
              Rented on <DateText date={rental.rentedAt} />
            </Text>
          }
          action={(titleId) => (
            <Button variant="outline" size="lg" onClick={() => onReturn(rental)} miw={96} px="sm" aria-describedby={titleId}>
              Return
            </Button>
          )}
        />
      ))}
    </Stack>
  );
}

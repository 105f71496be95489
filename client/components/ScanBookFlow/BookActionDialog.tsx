import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { type BookStatus, NO_COPIES } from '../../../shared/schemas';
import { busyButtonProps, busyProps } from '../../lib/busy';
import { formatDate } from '../../lib/dates';

interface BookActionDialogProps {
  status: BookStatus | null;
  pending: boolean;
  onCancel: () => void;
  onRent: (status: BookStatus) => void;
  onReturn: (rentalId: number) => void;
  /** The library's staff rent on their own account here (patrons rent at the kiosk): said, so that it is not a surprise. */
  staff?: boolean;
}

/**
 * After a scan: return the book when it is out, otherwise rent it. With several copies out (staff see
 * every renter's), the copy brought back is the one staff pick: none is picked for them. A book with no
 * copy in is not offered to rent: the dialog says so.
 */
export function BookActionDialog({ status: current, pending, onCancel, onRent, onReturn, staff = false }: BookActionDialogProps) {
  // Keep the last book on screen while the dialog fades out.
  const last = useRef(current);
  if (current) last.current = current;
  const status = current ?? last.current;
  const [picked, setPicked] = useState<{ status: BookStatus; rentalId: number } | null>(null);
  const rentals = status?.rentals ?? [];
  const rented = !!status?.isRented;
  const rentalId = rentals.length === 1 ? rentals[0]!.rentalId : picked?.status === status ? picked.rentalId : null;
  const renter = rentals.find((rental) => rental.rentalId === rentalId);
  // Every copy out (none of them the caller's): asked, the rent would only be refused.
  const noCopies = !rented && status?.book.availableCount === 0;
  const unavailable = rented ? rentalId === null : noCopies;
  return (
    // The last step of ScanBookFlow's chain, which gives focus back to its button. While the rent or return
    // runs it stays (Cancel is disabled too): its answer closes it, or shows why not.
    <Modal opened={!!current} onClose={() => !pending && onCancel()} returnFocus={false} title={rented ? 'Confirm Book Return' : 'Confirm Book Rental'} centered>
      {status && (
        <>
          <Text>
            {!rented
              ? `Do you want to rent the book "${status.book.title}"?`
              : renter
                ? `Do you want to return the book "${status.book.title}"? It is currently rented by ${renter.user.displayName}.`
                : `Do you want to return the book "${status.book.title}"?`}
          </Text>
          {staff && !rented && !noCopies && (
            <Text mt="sm" size="sm" c="dimmed">
              It will be rented on your own account. To rent it for a patron, use the kiosk.
            </Text>
          )}
          {noCopies && (
            <Text mt="sm" c="red.8" role="status">
              {NO_COPIES}
            </Text>
          )}
          {rentals.length > 1 && (
            <Radio.Group
              mt="md"
              label="Whose copy is this?"
              description={`${rentals.length} copies are out.`}
              value={rentalId === null ? null : String(rentalId)}
              onChange={(value) => setPicked({ status, rentalId: Number(value) })}
            >
              <Stack gap="xs" mt="xs" mah={260} style={{ overflowY: 'auto' }}>
                {rentals.map((rental, index) => (
                  <Radio
                    key={rental.rentalId}
                    data-autofocus={index === 0 || undefined}
                    value={String(rental.rentalId)}
                    label={rental.user.displayName}
                    description={`${rental.user.email}, rented on ${formatDate(rental.rentedAt)}`}
                    styles={{ description: { overflowWrap: 'anywhere' } }}
                  />
                ))}
              </Stack>
            </Radio.Group>
          )}
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={onCancel} disabled={pending}>
              Cancel
            </Button>
            {/* Busy or not to be pressed (no copy in, no copy picked), it keeps focus: disabled, it would drop it behind the dialog.
                The dialog opens on it, as each step before it opened on its way forward (Enter goes on; Escape cancels),
                unless the copy is to be picked first. */}
            <Button
              data-autofocus={rentals.length <= 1 || undefined}
              {...busyButtonProps(pending)}
              {...busyProps(unavailable)}
              onClick={() => pending || unavailable || (rented ? rentalId !== null && onReturn(rentalId) : onRent(status))}
            >
              {rented ? 'Yes, Return Book' : 'Yes, Rent Book'}
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}

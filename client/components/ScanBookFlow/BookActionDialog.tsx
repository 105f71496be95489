import { Button, Group, Modal, Text } from '@mantine/core';
import { useRef } from 'react';
import type { BookStatus } from '../../../shared/schemas';

interface BookActionDialogProps {
  status: BookStatus | null;
  pending: boolean;
  onCancel: () => void;
  onRent: (status: BookStatus) => void;
  onReturn: (status: BookStatus) => void;
}

/** After a scan: return the book when it is out, otherwise rent it. */
export function BookActionDialog({ status: current, pending, onCancel, onRent, onReturn }: BookActionDialogProps) {
  // Keep the last book on screen while the dialog fades out.
  const last = useRef(current);
  if (current) last.current = current;
  const status = current ?? last.current;
  const rented = !!status?.isRented;
  return (
    // The last step of ScanBookFlow's chain, which gives focus back to its button.
    <Modal opened={!!current} onClose={onCancel} returnFocus={false} title={rented ? 'Confirm Book Return' : 'Confirm Book Rental'} centered>
      {status && (
        <>
          <Text>
            {rented
              ? `Do you want to return the book "${status.book.title}"? It is currently rented by ${status.rental?.user.displayName}.`
              : `Do you want to rent the book "${status.book.title}"?`}
          </Text>
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={onCancel} disabled={pending}>
              Cancel
            </Button>
            <Button loading={pending} onClick={() => (rented ? onReturn(status) : onRent(status))}>
              {rented ? 'Yes, Return Book' : 'Yes, Rent Book'}
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}

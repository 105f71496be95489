import { Button, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import type { Book } from '../../../shared/schemas';
import { ReviewsSection } from './ReviewsSection';

/**
 * A book's Reviews button and the dialog it opens. The dialog is made at its first opening, then kept (its
 * closing plays out): a closed Mantine Modal still makes its portal, and a list has a button per book. It is
 * made closed and opened once made, as a Modal notes where focus goes back to only when it opens.
 */
export function ReviewsButton({ book }: { book: Pick<Book, 'id' | 'title'> }) {
  const [opened, { open, close }] = useDisclosure(false);
  const [made, setMade] = useState(false);
  useEffect(() => {
    if (made) open();
  }, [made, open]);
  return (
    <>
      <Button variant="default" onClick={made ? open : () => setMade(true)}>
        Reviews
      </Button>
      {made && (
        <Modal opened={opened} onClose={close} title={`Reviews for "${book.title}"`} size="lg" closeButtonProps={{ 'aria-label': 'Close reviews' }}>
          <ReviewsSection bookId={book.id} />
        </Modal>
      )}
    </>
  );
}

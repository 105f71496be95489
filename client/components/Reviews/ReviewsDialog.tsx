import { Button, Modal } from '@mantine/core';
import type { Book } from '../../../shared/schemas';
import { useLazyModal } from '../../hooks/use-lazy-modal';
import { ReviewsSection } from './ReviewsSection';

/** A book's Reviews button and the dialog it opens, made at its first opening (useLazyModal). */
export function ReviewsButton({ book }: { book: Pick<Book, 'id' | 'title'> }) {
  const { made, opened, open, close } = useLazyModal();
  return (
    <>
      <Button variant="default" onClick={open}>
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

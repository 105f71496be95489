import { Button, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Book } from '../../../shared/schemas';
import { ReviewsSection } from './ReviewsSection';

/** A book's Reviews button and the dialog it opens. */
export function ReviewsButton({ book }: { book: Pick<Book, 'id' | 'title'> }) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button variant="default" onClick={open}>
        Reviews
      </Button>
      <Modal opened={opened} onClose={close} title={`Reviews for "${book.title}"`} size="lg" closeButtonProps={{ 'aria-label': 'Close reviews' }}>
        <ReviewsSection bookId={book.id} />
      </Modal>
    </>
  );
}

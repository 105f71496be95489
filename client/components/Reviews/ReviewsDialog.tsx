import { Button, Modal } from '@mantine/core';
import { type Mutation, useIsMutating } from '@tanstack/react-query';
import { getMutationKey } from '@trpc/react-query';
import type { Book } from '../../../shared/schemas';
import { useLazyModal } from '../../hooks/use-lazy-modal';
import { trpc } from '../../trpc';
import { ReviewsSection } from './ReviewsSection';

/**
 * The title's lines spaced to read (Mantine's titles are set solid), a very long one cut to three lines on screen:
 * the whole text stays in the heading, which names the dialog to a screen reader.
 */
const TITLE_STYLES = {
  title: { lineHeight: 1.3, overflowWrap: 'anywhere', display: '-webkit-box', WebkitBoxOrient: 'vertical', WebkitLineClamp: 3, overflow: 'hidden' },
} as const;

/**
 * A book's Reviews button and the dialog it opens, made at its first opening (useLazyModal). While the
 * reader's review of the book is being sent, the dialog stays: its answer shows there.
 */
export function ReviewsButton({ book, describedBy }: { book: Pick<Book, 'id' | 'title'>; describedBy?: string }) {
  const { made, opened, open, close } = useLazyModal();
  const ofThisBook = (mutation: Mutation) => (mutation.state.variables as { bookId?: number } | undefined)?.bookId === book.id;
  const posting = useIsMutating({ mutationKey: getMutationKey(trpc.reviews.post), predicate: ofThisBook }) > 0;
  return (
    <>
      <Button variant="default" onClick={open} aria-describedby={describedBy}>
        Reviews
      </Button>
      {made && (
        <Modal
          opened={opened}
          onClose={() => !posting && close()}
          title={`Reviews for "${book.title}"`}
          size="lg"
          closeButtonProps={{ 'aria-label': 'Close reviews' }}
          styles={TITLE_STYLES}
        >
          <ReviewsSection bookId={book.id} />
        </Modal>
      )}
    </>
  );
}

import { Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useAuth } from '../../hooks/use-auth';
import { trpc } from '../../trpc';
import { ReviewForm } from './ReviewForm';
import { ReviewList } from './ReviewList';

/** Reviews of one book: the signed-in reader's form (once per book), then everyone's reviews. */
export function ReviewsSection({ bookId }: { bookId: number }) {
  const { user } = useAuth();
  const reviews = trpc.reviews.list.useQuery({ bookId });
  const alreadyReviewed = !!user && !!reviews.data?.reviews.some((review) => review.user.id === user.id);
  const [sent, setSent] = useState(false);
  const reviewedNote = useRef<HTMLParagraphElement>(null);

  // The note takes the place of the form that had focus: focus goes to it, not to the page behind the dialog.
  useEffect(() => {
    if (sent && alreadyReviewed) reviewedNote.current?.focus();
  }, [sent, alreadyReviewed]);

  return (
    <Stack gap="md">
      <Title order={3} size="h4">
        Reviews
      </Title>
      {!user ? (
        <Text c="dimmed">Please log in to leave a review.</Text>
      ) : alreadyReviewed ? (
        <Text ref={reviewedNote} tabIndex={-1} c="dimmed">
          You have already reviewed this book.
        </Text>
      ) : (
        reviews.isSuccess && <ReviewForm bookId={bookId} onSent={() => setSent(true)} />
      )}
      <ReviewList query={reviews} />
    </Stack>
  );
}

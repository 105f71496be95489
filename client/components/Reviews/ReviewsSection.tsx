import { Stack, Text, Title } from '@mantine/core';
import { useAuth } from '../../hooks/use-auth';
import { trpc } from '../../trpc';
import { ReviewForm } from './ReviewForm';
import { ReviewList } from './ReviewList';

/** Reviews of one book: the signed-in reader's form (once per book), then everyone's reviews. */
export function ReviewsSection({ bookId }: { bookId: number }) {
  const { user } = useAuth();
  const reviews = trpc.reviews.list.useQuery({ bookId });
  const alreadyReviewed = !!user && !!reviews.data?.reviews.some((review) => review.user.id === user.id);

  return (
    <Stack gap="md">
      <Title order={3} size="h4">
        Reviews
      </Title>
      {!user ? (
        <Text c="dimmed">Please log in to leave a review.</Text>
      ) : alreadyReviewed ? (
        <Text c="dimmed">You have already reviewed this book.</Text>
      ) : (
        reviews.isSuccess && <ReviewForm bookId={bookId} />
      )}
      <ReviewList query={reviews} />
    </Stack>
  );
}

import { Button, Input, Paper, Rating, Stack, Textarea, Title } from '@mantine/core';
import toast from 'react-hot-toast';
import { REVIEW_TEXT_MAX_LENGTH } from '../../../shared/constants';
import { reviewFormSchema } from '../../../shared/schemas';
import { useZodForm } from '../../hooks/use-zod-form';
import { callFallbacks, errorMessage } from '../../lib/error-messages';
import { trpc } from '../../trpc';

const starLabel = (stars: number) => `${stars} star${stars === 1 ? '' : 's'}`;

export function ReviewForm({ bookId }: { bookId: number }) {
  const utils = trpc.useUtils();
  const form = useZodForm(reviewFormSchema, { rating: 0, reviewText: '' });
  const post = trpc.reviews.post.useMutation({
    onSuccess: () => {
      toast.success('Thank you for your review!');
      form.reset();
    },
    onError: (error) => toast.error(errorMessage(error, callFallbacks.postReview)),
    onSettled: () => utils.reviews.list.invalidate({ bookId }),
  });

  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={form.handleSubmit((data) => post.mutate({ bookId, ...data }))} noValidate>
        <Stack gap="sm">
          <Title order={4} size="h5">
            Leave a Review
          </Title>
          <Input.Wrapper label="Your rating" labelElement="div" required error={form.errors.rating} id={`rating-${bookId}`}>
            <Rating
              size="lg"
              name={`rating-${bookId}`}
              value={form.values.rating}
              onChange={(value) => form.setValue('rating', value)}
              getSymbolLabel={starLabel}
              role="radiogroup"
              aria-labelledby={`rating-${bookId}-label`}
              // The wrapper shows 'Rating is required.' beside the stars; this says it to whoever is on them.
              aria-invalid={!!form.errors.rating}
              aria-describedby={form.errors.rating ? `rating-${bookId}-error` : undefined}
            />
          </Input.Wrapper>
          <Textarea
            label="Your review (optional)"
            autosize
            minRows={3}
            maxRows={10}
            description={`Up to ${REVIEW_TEXT_MAX_LENGTH} characters.`}
            {...form.inputProps('reviewText')}
          />
          <Button type="submit" disabled={post.isPending} style={{ alignSelf: 'flex-start' }}>
            {post.isPending ? 'Submitting...' : 'Submit Review'}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

import { Button, Input, Paper, Stack, Textarea, Title } from '@mantine/core';
import toast from 'react-hot-toast';
import { REVIEW_TEXT_MAX_LENGTH } from '../../../shared/constants';
import { reviewFormSchema } from '../../../shared/schemas';
import { useOneAtATime } from '../../hooks/use-one-at-a-time';
import { useZodForm } from '../../hooks/use-zod-form';
import { busyProps } from '../../lib/busy';
import { callFallbacks, errorMessage } from '../../lib/error-messages';
import { trpc } from '../../trpc';
import { StarRating } from './StarRating';

/** The signed-in reader's review of one book; `onSent` once the server has it. */
export function ReviewForm({ bookId, onSent }: { bookId: number; onSent: () => void }) {
  const utils = trpc.useUtils();
  const form = useZodForm(reviewFormSchema, { rating: 0, reviewText: '' });
  const post = trpc.reviews.post.useMutation({
    onSuccess: () => {
      toast.success('Thank you for your review!');
      form.reset();
      onSent();
    },
    onError: (error) => toast.error(errorMessage(error, callFallbacks.postReview)),
    // The staff's insights average the library's ratings.
    onSettled: () => Promise.all([utils.reviews.list.invalidate({ bookId }), utils.insights.invalidate()]),
  });
  const postOnce = useOneAtATime(post);
  const send = form.handleSubmit((data) => {
    postOnce({ bookId, ...data });
  });

  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={send} noValidate>
        <Stack gap="sm">
          <Title order={4} size="h5">
            Leave a Review
          </Title>
          <Input.Wrapper label="Your rating" labelElement="div" required error={form.errors.rating} id={`rating-${bookId}`}>
            <StarRating
              id={`rating-${bookId}`}
              value={form.values.rating}
              onChange={(stars) => form.setValue('rating', stars)}
              onBlur={() => form.validateField('rating')}
              error={form.errors.rating}
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
          <Button type="submit" {...busyProps(post.isPending)} style={{ alignSelf: 'flex-start' }}>
            {post.isPending ? 'Submitting...' : 'Submit Review'}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

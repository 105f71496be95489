import { Avatar, Group, Paper, Rating, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Review } from '../../../shared/schemas';
import { reviewsLoadError } from '../../lib/error-messages';
import { initials, initialsAvatarUrl } from '../../lib/initials';
import { ErrorAlert, ListSkeleton } from '../DataState';
import { DateText } from '../DateText';

export function ReviewList({ query }: { query: UseQueryResult<{ reviews: Review[] }, unknown> }) {
  if (query.isPending) return <ListSkeleton label="Loading reviews" height={72} testId="reviews-loading" />;
  if (query.isError) return <ErrorAlert title="Could not load reviews" retry={query}>{reviewsLoadError(query.error)}</ErrorAlert>;
  if (query.data.reviews.length === 0) return <Text c="dimmed">No reviews yet. Be the first to write one!</Text>;
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {query.data.reviews.map((review) => (
        <ReviewItem key={review.id} review={review} />
      ))}
    </Stack>
  );
}

function ReviewItem({ review }: { review: Review }) {
  const name = review.user.displayName;
  return (
    <Paper component="li" withBorder p="sm" radius="md">
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <Avatar src={review.user.avatarUrl || initialsAvatarUrl(name)} alt={name} radius="xl" color="brand">
          {initials(name)}
        </Avatar>
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          {/* The date keeps its place at the end of the name's first line: a long name wraps beside it. */}
          <Group gap="xs" justify="space-between" align="baseline" wrap="nowrap">
            <Text fw={600} size="sm" dir="auto" miw={0} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              <DateText date={review.createdAt} />
            </Text>
          </Group>
          <Rating value={review.rating} readOnly size="sm" role="img" aria-label={`Rated ${review.rating} out of 5`} />
          {review.reviewText && (
            <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {review.reviewText}
            </Text>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}

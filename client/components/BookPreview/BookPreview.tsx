import { Box, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useBookLookup } from '../../hooks/use-book-lookup';
import { BookCover } from '../BookCover';
import { ErrorAlert } from '../DataState';

interface BookPreviewProps {
  isbn: string;
  libraryId: number;
  canProceed?: boolean;
  /** A failed lookup, asked again, has answered, and the focus was on its alert, now gone. */
  onAnsweredAfterFailure?: () => void;
}

/**
 * The scan dialog's confirm step: what the lookup knows about a scanned or typed ISBN. `canProceed` false (a book
 * to rent that the library does not hold) drops 'You can still proceed with this ISBN.', and a failed lookup's
 * alert: the step says why it goes no further, and no detail the book services could give would change that.
 */
export function BookPreview({ isbn, libraryId, canProceed = true, onAnsweredAfterFailure }: BookPreviewProps) {
  const { book, isLoading, isWaitingForConnection, error, retry, answeredAfterFailure: answered } = useBookLookup(isbn, libraryId);
  // Answered on Try again, the alert that held the focus goes: the step is told, to give the focus on.
  useEffect(() => {
    if (answered && (!document.activeElement || document.activeElement === document.body)) onAnsweredAfterFailure?.();
  }, [answered, onAnsweredAfterFailure]);
  const proceed = canProceed && (
    <Text c="dimmed" size="sm">
      You can still proceed with this ISBN.
    </Text>
  );

  if (isLoading) {
    return (
      <Group gap="sm" py="lg" justify="center" aria-busy="true">
        <Loader size="sm" />
        <Text>Looking up book details...</Text>
      </Group>
    );
  }
  if (isWaitingForConnection) {
    return (
      <Stack gap={4} py="sm">
        <Text>{`You are offline: the details of ISBN ${isbn} will be looked up once you are back online.`}</Text>
        {proceed}
      </Stack>
    );
  }
  if (error) {
    return (
      <Stack gap="xs" py="sm">
        {/* With Try again: the book services may answer a moment later, and the ISBN need not be typed again. */}
        {canProceed && <ErrorAlert retry={retry}>{error}</ErrorAlert>}
        <Text size="sm">ISBN: {isbn}</Text>
        {proceed}
      </Stack>
    );
  }
  if (!book) {
    return (
      <Stack gap={4} py="sm">
        <Title order={3} size="h4">
          Book not found
        </Title>
        <Text>{`We couldn't find details for ISBN: ${isbn}`}</Text>
        {proceed}
      </Stack>
    );
  }

  const cover = book.coverUrl ?? book.thumbnailUrl ?? book.fullImageUrl;
  return (
    <Group align="flex-start" wrap="nowrap" gap="md" data-testid="book-preview">
      <BookCover title={book.title} url={cover} size="lg" />
      <Box style={{ minWidth: 0 }}>
        <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
          {book.title}
        </Title>
        <Text size="sm">by {book.authors.join(', ')}</Text>
        {book.publishedDate && (
          <Text size="sm" c="dimmed">
            Published: {book.publishedDate}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          ISBN: {book.isbn}
        </Text>
      </Box>
    </Group>
  );
}

import { Group, Stack, Title } from '@mantine/core';
import { useBookPages } from '../../hooks/use-book-pages';
import { callFallbacks, errorMessage } from '../../lib/error-messages';
import { AddBookButton } from '../AddBookDialog';
import { BookList, LoadMoreButton } from '../BookList';
import { ErrorAlert, ListSkeleton } from '../DataState';

export function ManageBooksPanel({ libraryId }: { libraryId: number }) {
  const { query, books } = useBookPages({ libraryId });
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3">
          Book Collection
        </Title>
        <AddBookButton libraryId={libraryId} />
      </Group>
      {query.isPending ? (
        <ListSkeleton label="Loading books" />
      ) : query.isError || !books ? (
        <ErrorAlert retry={query}>Error fetching books: {errorMessage(query.error, callFallbacks.fetchBooks)}</ErrorAlert>
      ) : (
        <>
          <BookList books={books} view={{ kind: 'library' }} emptyText="No books found in this category." />
          <LoadMoreButton hasNextPage={query.hasNextPage} loading={query.isFetchingNextPage} onLoad={() => query.fetchNextPage()} />
        </>
      )}
    </Stack>
  );
}

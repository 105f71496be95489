import { Group, Stack, Title } from '@mantine/core';
import { callFallbacks, errorMessage } from '../../lib/error-messages';
import { trpc } from '../../trpc';
import { AddBookButton } from '../AddBookDialog';
import { BookList } from '../BookList';
import { ErrorAlert, ListSkeleton } from '../DataState';

export function ManageBooksPanel({ libraryId }: { libraryId: number }) {
  const books = trpc.books.list.useQuery({ libraryId });
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3">
          Book Collection
        </Title>
        <AddBookButton libraryId={libraryId} />
      </Group>
      {books.isPending ? (
        <ListSkeleton label="Loading books" />
      ) : books.isError ? (
        <ErrorAlert>Error fetching books: {errorMessage(books.error, callFallbacks.fetchBooks)}</ErrorAlert>
      ) : (
        <BookList books={books.data} view={{ kind: 'library' }} emptyText="No books found in this category." />
      )}
    </Stack>
  );
}

import { Group, Stack, Title } from '@mantine/core';
import { useBookPages } from '../../hooks/use-book-pages';
import { useDebouncedSearch } from '../../hooks/use-debounced-search';
import { callFallbacks, errorMessage } from '../../lib/error-messages';
import { AddBookButton } from '../AddBookDialog';
import { BOOK_NOUNS, BookList, LoadMoreButton, NO_BOOK_MATCHES } from '../BookList';
import { ErrorAlert, ListSkeleton } from '../DataState';
import { resultsOf, SearchField, searchStatusText } from '../SearchField';

export function ManageBooksPanel({ libraryId }: { libraryId: number }) {
  const { search, setSearch, debounced } = useDebouncedSearch();
  const { query, books } = useBookPages({ libraryId, search: debounced });
  const status = searchStatusText(resultsOf(debounced, query, books), BOOK_NOUNS);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3">
          Book Collection
        </Title>
        <AddBookButton libraryId={libraryId} />
      </Group>
      <SearchField label="Search books" placeholder="Search by title or author..." value={search} onChange={setSearch} status={status} />
      {query.isPending ? (
        <ListSkeleton label="Loading books" />
      ) : !books ? (
        <ErrorAlert retry={query}>Error fetching books: {errorMessage(query.error, callFallbacks.fetchBooks)}</ErrorAlert>
      ) : (
        <>
          {/* A later read failed (a refresh, the next page): said above the books already on screen, which stay. */}
          {query.isError && <ErrorAlert retry={query}>Error fetching books: {errorMessage(query.error, callFallbacks.fetchBooks)}</ErrorAlert>}
          <BookList books={books} view={{ kind: 'library' }} emptyText={debounced ? NO_BOOK_MATCHES : 'No books found in this category.'} />
          <LoadMoreButton hasNextPage={query.hasNextPage} loading={query.isFetchingNextPage} onLoad={() => query.fetchNextPage()} />
        </>
      )}
    </Stack>
  );
}

import { Title } from '@mantine/core';
import { useBookPages } from '../../hooks/use-book-pages';
import { useDebouncedSearch } from '../../hooks/use-debounced-search';
import { callFallbacks } from '../../lib/error-messages';
import { AddBookButton } from '../AddBookDialog';
import { BOOK_NOUNS, BookList, NO_BOOK_MATCHES } from '../BookList';
import { ListSkeleton, PagedList } from '../DataState';
import { resultsOf, SearchField, searchStatusText } from '../SearchField';
import classes from './LibraryAdminDashboard.module.css';

export function ManageBooksPanel({ libraryId }: { libraryId: number }) {
  const { search, setSearch, debounced } = useDebouncedSearch();
  const { query, books } = useBookPages({ libraryId, search: debounced });
  const status = searchStatusText(resultsOf(debounced, query, books), BOOK_NOUNS);
  return (
    <div className={classes.panel}>
      <div className={classes.headingRow}>
        <Title order={2} size="h3" className={classes.heading}>
          Book Collection
        </Title>
        <AddBookButton libraryId={libraryId} />
      </div>
      <SearchField label="Search books" placeholder="Search by title or author..." value={search} onChange={setSearch} status={status} />
      <PagedList query={query} rows={books} loading={<ListSkeleton label="Loading books" />} failure="Error fetching books: " fallback={callFallbacks.fetchBooks} gap="md">
        {(rows) => <BookList books={rows} view={{ kind: 'library' }} emptyText={debounced ? NO_BOOK_MATCHES : 'No books found in this category.'} />}
      </PagedList>
    </div>
  );
}

import { Box, List, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { type CollectionInsights, NEVER_RENTED_PAGE_DEFAULT, type NeverRentedBook } from '../../../shared/schemas';
import { usePagedQuery } from '../../hooks/use-paged-query';
import { copiesText } from '../../lib/copies-text';
import { paging } from '../../lib/paging';
import { trpc } from '../../trpc';
import { ListSkeleton, PagedList } from '../DataState';
import { ShowAllToggle } from '../ShowAllToggle';

const neverRentedPages = paging(NEVER_RENTED_PAGE_DEFAULT, (book: NeverRentedBook) => book.bookId);

/** The books no one has rented yet: the first few titles, or on request every book, a page at a time. */
export function NeverRented({ libraryId, collection }: { libraryId: number; collection: CollectionInsights }) {
  const { count, titles } = collection.neverRented;
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  if (count === 0) return <Text c="dimmed">Every book has been rented at least once.</Text>;
  return (
    <>
      <Text fw={600}>
        {count} of {collection.books} {collection.books === 1 ? 'book has' : 'books have'} never been rented
      </Text>
      <Box id={listId} mt="xs">
        {expanded ? (
          <EveryNeverRented libraryId={libraryId} />
        ) : (
          <List size="sm">
            {titles.map((title, i) => (
              // Two editions can share a title.
              <List.Item key={`${i}:${title}`} dir="auto">
                {title}
              </List.Item>
            ))}
          </List>
        )}
      </Box>
      {/* No summary: the count above says how many there are. While expanded, Show fewer stays, though rents
          meanwhile left no more than the first few. */}
      {(expanded || count > titles.length) && <ShowAllToggle expanded={expanded} onToggle={setExpanded} controls={listId} total={count} />}
    </>
  );
}

/** Every never-rented book with its author and copies, in title order, a page at a time. */
function EveryNeverRented({ libraryId }: { libraryId: number }) {
  const { query, rows } = usePagedQuery(trpc.insights.neverRented, { libraryId }, neverRentedPages);
  return (
    <PagedList query={query} rows={rows} loading={<ListSkeleton label="Loading books never rented" count={5} height={36} />} failure="Could not load the books never rented: ">
      {(books) => (
        <List size="sm" spacing={6}>
          {books.map((book) => (
            <List.Item key={book.bookId}>
              <Text span size="sm" display="block" dir="auto">
                {book.title}
              </Text>
              <Text span size="xs" c="dimmed" display="block" dir="auto">
                {book.author} · {copiesText(book.quantity)}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </PagedList>
  );
}

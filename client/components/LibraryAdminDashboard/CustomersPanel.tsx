import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { memo, useMemo } from 'react';
import { CUSTOMERS_PAGE_DEFAULT, type Customer } from '../../../shared/schemas';
import { useDebouncedSearch } from '../../hooks/use-debounced-search';
import { formatDate } from '../../lib/dates';
import { callFallbacks, errorMessage } from '../../lib/error-messages';
import { paging } from '../../lib/paging';
import { keepPreviousWhileOnline } from '../../lib/keep-previous';
import { trpc } from '../../trpc';
import { LoadMoreButton } from '../BookList';
import { BreakableEmail } from '../BreakableEmail';
import { ErrorAlert, ListSkeleton } from '../DataState';
import { resultsOf, SearchField, searchStatusText } from '../SearchField';

const customerPages = paging(CUSTOMERS_PAGE_DEFAULT, (customer: Customer) => customer.id);

/** The library's customers by name, a page at a time, searched by name or email as the librarian types (debounced). */
export function CustomersPanel({ libraryId }: { libraryId: number }) {
  const { search, setSearch, debounced } = useDebouncedSearch();
  const pages = trpc.customers.list.useInfiniteQuery(
    { libraryId, ...(debounced ? { search: debounced } : {}), limit: customerPages.limit },
    { getNextPageParam: (last) => customerPages.nextPage(last.customers), placeholderData: keepPreviousWhileOnline },
  );
  const customers = useMemo(
    () => customerPages.rows(pages.data?.pages.map((page) => page.customers)),
    [pages.data],
  );

  const status = searchStatusText(resultsOf(debounced, pages, customers), ['customer', 'customers']);

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        Customer Management
      </Title>
      <SearchField label="Search customers" placeholder="Search by name or email..." value={search} onChange={setSearch} status={status} />
      {pages.isPending ? (
        <ListSkeleton label="Loading customers" height={88} />
      ) : !customers ? (
        <ErrorAlert retry={pages}>Failed to load customers: {errorMessage(pages.error, callFallbacks.fetchCustomers)}</ErrorAlert>
      ) : customers.length === 0 && !pages.isError ? (
        <Stack align="center" gap={4} py="xl" ta="center">
          <Text fw={600}>No Customers Found</Text>
          <Text c="dimmed" size="sm">
            {debounced ? 'No customers match your search.' : 'There are no customers for this library yet.'}
          </Text>
        </Stack>
      ) : (
        <>
          {/* A later read failed (a refresh, the next page): said above the customers already on screen, which stay. */}
          {pages.isError && <ErrorAlert retry={pages}>Failed to load customers: {errorMessage(pages.error, callFallbacks.fetchCustomers)}</ErrorAlert>}
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-busy={pages.isFetching && !pages.isFetchingNextPage}>
            {customers.map((customer) => (
              <CustomerCard key={customer.id} customer={customer} />
            ))}
          </SimpleGrid>
          <LoadMoreButton items="customers" hasNextPage={pages.hasNextPage} loading={pages.isFetchingNextPage} onLoad={() => pages.fetchNextPage()} />
        </>
      )}
    </Stack>
  );
}

/** Drawn again only when its customer changes: a keystroke in the search box or a page loaded leaves the others be. */
const CustomerCard = memo(function CustomerCard({ customer }: { customer: Customer }) {
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={customer.displayName}>
      <Text component="h3" fw={600} dir="auto">
        {customer.displayName}
      </Text>
      <Text size="sm" c="dimmed">
        <BreakableEmail email={customer.email} />
      </Text>
      <Text size="xs" c="dimmed" mt={6}>
        Joined: {formatDate(customer.createdAt)}
      </Text>
    </Card>
  );
});

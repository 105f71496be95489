import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { memo } from 'react';
import { CUSTOMERS_PAGE_DEFAULT, type Customer } from '../../../shared/schemas';
import { useDebouncedSearch } from '../../hooks/use-debounced-search';
import { usePagedQuery } from '../../hooks/use-paged-query';
import { callFallbacks } from '../../lib/error-messages';
import { paging } from '../../lib/paging';
import { trpc } from '../../trpc';
import { BreakableEmail } from '../BreakableEmail';
import { ListSkeleton, PagedList } from '../DataState';
import { resultsOf, SearchField, searchStatusText } from '../SearchField';
import { DateText } from '../DateText';
import classes from './LibraryAdminDashboard.module.css';

const customerPages = paging(CUSTOMERS_PAGE_DEFAULT, (customer: Customer) => customer.id);

/** The library's customers by name, a page at a time, searched by name or email as the librarian types (debounced). */
export function CustomersPanel({ libraryId }: { libraryId: number }) {
  const { search, setSearch, debounced } = useDebouncedSearch();
  const { query, rows: customers } = usePagedQuery(trpc.customers.list, { libraryId, ...(debounced ? { search: debounced } : {}) }, customerPages, {
    rowsOf: (page) => page.customers,
  });
  const status = searchStatusText(resultsOf(debounced, query, customers), ['customer', 'customers']);

  return (
    <div className={classes.panel}>
      <Title order={2} size="h3" className={classes.heading}>
        Customer Management
      </Title>
      <SearchField label="Search customers" placeholder="Search by name or email..." value={search} onChange={setSearch} status={status} />
      <PagedList
        query={query}
        rows={customers}
        loading={<ListSkeleton label="Loading customers" height={88} />}
        failure="Failed to load customers: "
        fallback={callFallbacks.fetchCustomers}
        empty={
          <Stack align="center" gap={4} py="xl" ta="center">
            <Text fw={600}>No Customers Found</Text>
            <Text c="dimmed" size="sm">
              {debounced ? 'No customers match your search.' : 'There are no customers for this library yet.'}
            </Text>
          </Stack>
        }
        items="customers"
        gap="md"
      >
        {(rows) => (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-busy={query.isFetching && !query.isFetchingNextPage}>
            {rows.map((customer) => (
              <CustomerCard key={customer.id} customer={customer} />
            ))}
          </SimpleGrid>
        )}
      </PagedList>
    </div>
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
        Joined: <DateText date={customer.createdAt} />
      </Text>
    </Card>
  );
});

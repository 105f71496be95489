import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Customer } from '../../../shared/schemas';
import { useDebouncedSearch } from '../../hooks/use-debounced-search';
import { formatDate } from '../../lib/dates';
import { callFallbacks, errorMessage } from '../../lib/error-messages';
import { trpc } from '../../trpc';
import { BreakableEmail } from '../BreakableEmail';
import { ErrorAlert, ListSkeleton } from '../DataState';
import { SearchField } from '../SearchField';

/** The library's members, searched by name or email as the librarian types (debounced). */
export function CustomersPanel({ libraryId }: { libraryId: number }) {
  const { search, setSearch, debounced } = useDebouncedSearch();
  const customers = trpc.customers.list.useQuery({ libraryId, search: debounced || undefined }, { placeholderData: (previous) => previous });

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        Customer Management
      </Title>
      <SearchField label="Search customers" placeholder="Search by name or email..." value={search} onChange={setSearch} />
      {customers.isPending ? (
        <ListSkeleton label="Loading customers" height={88} />
      ) : customers.isError ? (
        <ErrorAlert retry={customers}>Failed to load customers: {errorMessage(customers.error, callFallbacks.fetchCustomers)}</ErrorAlert>
      ) : customers.data.customers.length === 0 ? (
        <Stack align="center" gap={4} py="xl" ta="center">
          <Text fw={600}>No Customers Found</Text>
          <Text c="dimmed" size="sm">
            {debounced ? 'No customers match your search.' : 'There are no customers for this library yet.'}
          </Text>
        </Stack>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-busy={customers.isFetching}>
          {customers.data.customers.map((customer) => (
            <CustomerCard key={customer.id} customer={customer} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function CustomerCard({ customer }: { customer: Customer }) {
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={customer.displayName}>
      <Text fw={600}>{customer.displayName}</Text>
      <Text size="sm" c="dimmed">
        <BreakableEmail email={customer.email} />
      </Text>
      <Text size="xs" c="dimmed" mt={6}>
        Joined: {formatDate(customer.createdAt)}
      </Text>
    </Card>
  );
}

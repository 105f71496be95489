import { Button, Card, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { isbnKey } from '../../../shared/isbn';
import type { Customer, Rental } from '../../../shared/schemas';
import { useKioskInactivity } from '../../hooks/use-kiosk-inactivity';
import { trpc } from '../../trpc';
import { InactivityWarning } from '../InactivityWarning';
import { RentalsTab } from './RentalsTab';
import { RentTab } from './RentTab';

export type KioskCustomer = Pick<Customer, 'id' | 'displayName'>;

interface KioskCustomerScreenProps {
  libraryId: number;
  customer: KioskCustomer;
  onLogout: () => void;
}

/** The identified customer rents and returns; an idle terminal signs them out. */
export function KioskCustomerScreen({ libraryId, customer, onLogout }: KioskCustomerScreenProps) {
  const { secondsLeft, stayActive } = useKioskInactivity(onLogout);
  // Unpaged on purpose: the server answers one customer's list whole, so the tab's count is exact.
  const rentals = trpc.rentals.list.useQuery({ libraryId, customerId: customer.id });
  const rentedBookIds = useMemo(() => new Set(rentals.data?.map((rental) => rental.bookId)), [rentals.data]);
  const [tab, setTab] = useState<string | null>('rent');
  // A book the patron has out, scanned on the Rent tab: they mean to bring it back, so its return is asked.
  const [returnAsked, setReturnAsked] = useState<{ rental: Rental } | null>(null);
  const rentalOf = (isbn: string) => rentals.data?.find((rental) => isbnKey(rental.bookIsbn) === isbnKey(isbn));
  const askToReturn = (rental: Rental) => {
    setTab('rentals');
    setReturnAsked({ rental });
  };

  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="md">
        {/* Where the name would have less than its 11rem beside Logout (a phone), Logout goes under it: a name squeezed
            beside it broke mid-word, one letter to a line. */}
        <Group justify="space-between" gap="sm">
          <div style={{ flex: '1 1 11rem', minWidth: 0 }}>
            <Text size="sm" c="dimmed">
              Signed in as
            </Text>
            {/* Whole: on a shared terminal, the name is how a patron checks who is signed in. */}
            <Title order={2} size="h3" dir="auto" style={{ overflowWrap: 'anywhere' }}>
              {customer.displayName}
            </Title>
          </div>
          <Button variant="default" size="lg" onClick={onLogout} ml="auto" style={{ flexShrink: 0 }}>
            Logout
          </Button>
        </Group>
      </Card>
      <Tabs value={tab} onChange={setTab}>
        <Tabs.List grow mb="md">
          <Tabs.Tab value="rent" fz="md" mih={52}>
            Rent a Book
          </Tabs.Tab>
          <Tabs.Tab value="rentals" fz="md" mih={52}>
            {/* No count until the rentals are in: a failed load is not zero rentals. */}
            {rentals.isSuccess ? `Current Rentals (${rentals.data.length})` : 'Current Rentals'}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="rent">
          <RentTab libraryId={libraryId} customerId={customer.id} rentedBookIds={rentedBookIds} rentalOf={rentalOf} onReturnAsked={askToReturn} />
        </Tabs.Panel>
        <Tabs.Panel value="rentals">
          <RentalsTab libraryId={libraryId} rentals={rentals} returnAsked={returnAsked} />
        </Tabs.Panel>
      </Tabs>
      <InactivityWarning secondsLeft={secondsLeft} onStay={stayActive} outcome="you will be signed out" />
    </Stack>
  );
}

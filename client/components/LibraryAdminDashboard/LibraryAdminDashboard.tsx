import { Tabs } from '@mantine/core';
import { useMediaQuery, useSessionStorage } from '@mantine/hooks';
import type { ComponentType } from 'react';
import { InsightsPanel } from '../InsightsPanel';
import { CustomersPanel } from './CustomersPanel';
import { ManageBooksPanel } from './ManageBooksPanel';
import { RentalsPanel } from './RentalsPanel';

/** The management tabs; a new one (Insights, say) is one more entry here. */
const tabs: { value: string; label: string; Panel: ComponentType<{ libraryId: number }> }[] = [
  { value: 'books', label: 'Manage Books', Panel: ManageBooksPanel },
  { value: 'rentals', label: 'View Rentals', Panel: RentalsPanel },
  { value: 'customers', label: 'Manage Customers', Panel: CustomersPanel },
  { value: 'insights', label: 'Insights', Panel: InsightsPanel },
];

const isTab = (value: string | null): value is string => tabs.some((tab) => tab.value === value);

export function LibraryAdminDashboard({ libraryId }: { libraryId: number }) {
  // The tab stays as staff leave it, when they switch library (to compare branches) and on a reload;
  // a new browser tab opens on Manage Books.
  const [tab, setTab] = useSessionStorage({ key: 'scroll.dashboardTab', defaultValue: 'books', getInitialValueInEffect: false });
  // On a phone the four tabs do not fit one row: they wrap, two to a row, as pills (an underline
  // would mark only the row it is on). Wider, they sit in one underlined row.
  const phone = useMediaQuery('(max-width: 36em)', undefined, { getInitialValueInEffect: false });
  return (
    <Tabs value={isTab(tab) ? tab : 'books'} onChange={(next) => isTab(next) && setTab(next)} keepMounted={false} variant={phone ? 'pills' : 'default'}>
      <Tabs.List mb="md" grow={phone}>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value} style={phone ? { flexBasis: '40%' } : undefined}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map(({ value, Panel }) => (
        <Tabs.Panel key={value} value={value}>
          <Panel libraryId={libraryId} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

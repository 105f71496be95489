import { Tabs } from '@mantine/core';
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

export function LibraryAdminDashboard({ libraryId }: { libraryId: number }) {
  return (
    <Tabs defaultValue="books" keepMounted={false}>
      {/* One row that scrolls on a phone, rather than two rows with the underline under the second. */}
      <Tabs.List mb="md" style={{ flexWrap: 'nowrap', overflowX: 'auto', scrollbarWidth: 'thin' }}>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value} style={{ flexShrink: 0 }}>
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

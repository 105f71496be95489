import { Tabs } from '@mantine/core';
import { useSessionStorage } from '@mantine/hooks';
import type { ComponentType } from 'react';
import { InsightsPanel } from '../InsightsPanel';
import { CustomersPanel } from './CustomersPanel';
import classes from './LibraryAdminDashboard.module.css';
import { ManageBooksPanel } from './ManageBooksPanel';
import { RentalsPanel } from './RentalsPanel';
import { StaffPanel } from './StaffPanel';

/** The management tabs; a new one (Insights, say) is one more entry here. */
const tabs: { value: string; label: string; Panel: ComponentType<{ libraryId: number }> }[] = [
  { value: 'books', label: 'Manage Books', Panel: ManageBooksPanel },
  { value: 'rentals', label: 'View Rentals', Panel: RentalsPanel },
  { value: 'customers', label: 'Manage Customers', Panel: CustomersPanel },
  { value: 'insights', label: 'Insights', Panel: InsightsPanel },
  { value: 'staff', label: 'Staff', Panel: StaffPanel },
];

const isTab = (value: string | null): value is string => tabs.some((tab) => tab.value === value);

export function LibraryAdminDashboard({ libraryId }: { libraryId: number }) {
  // The tab stays as staff leave it, when they switch library (to compare branches) and on a reload;
  // a new browser tab opens on Manage Books.
  const [tab, setTab] = useSessionStorage({ key: 'scroll.dashboardTab', defaultValue: 'books', getInitialValueInEffect: false });
  return (
    <Tabs
      value={isTab(tab) ? tab : 'books'}
      onChange={(next) => isTab(next) && setTab(next)}
      keepMounted={false}
      classNames={{ list: classes.tabList, tab: classes.tab }}
    >
      <Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
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

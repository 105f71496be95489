import { BarChart } from '@mantine/charts';
import { Box, Text } from '@mantine/core';
import type { MembersWeek } from '../../../shared/schemas';
import { ChartKey, type ChartSeries } from './ChartKey';
import { ChartTable } from './ChartTable';
import { countTicks } from './count-ticks';
import { shortDay } from './period';


const SERIES: ChartSeries[] = [
  { name: 'activeMembers', label: 'Active members', color: 'blue.6' },
  { name: 'newMembers', label: 'New members', color: 'grape.5' },
];

/** Active and new members per week, as a bar chart and, for screen readers, a table. */
export function MembersChart({ weeks, periodText }: { weeks: MembersWeek[]; periodText: string }) {
  const data = weeks.map((w) => ({ ...w, label: shortDay(w.weekStart) }));
  const ticks = countTicks(Math.max(...weeks.map((w) => Math.max(w.activeMembers, w.newMembers))));
  return (
    <>
      <Box aria-hidden="true" inert>
        <BarChart
          h={200}
          data={data}
          dataKey="label"
          tickLine="none"
          gridAxis="y"
          yAxisProps={{ width: 32, ticks, domain: [0, ticks.at(-1)!], interval: 0 }}
          // A month's five or six bars each keep their label on a phone; a longer period's labels are thinned with room to spare.
          xAxisProps={{ minTickGap: weeks.length <= 6 ? 4 : 16 }}
          series={SERIES}
        />
      </Box>
      <ChartKey series={SERIES} />
      <Text size="xs" c="dimmed" mt={4}>
        Active: members who rented at least one book that week. Weeks start on Monday.
      </Text>
      <ChartTable
        caption={`Active and new members per week, last ${periodText}`}
        columns={['Week', 'Active members', 'New members']}
        rows={data.map((d) => [`Week of ${d.label}`, d.activeMembers, d.newMembers])}
      />
    </>
  );
}

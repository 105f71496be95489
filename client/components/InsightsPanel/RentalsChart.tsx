import { AreaChart } from '@mantine/charts';
import { Box } from '@mantine/core';
import { periodDay, type RentalsPerDay } from '../../../shared/schemas';
import { ChartKey, type ChartSeries } from './ChartKey';
import { ChartTable } from './ChartTable';
import { countTicks } from './count-ticks';
import { shortDay } from './period';

const SERIES: ChartSeries[] = [
  { name: 'rentals', label: 'Rentals', color: 'blue.6' },
  { name: 'returns', label: 'Returns', color: 'teal.6' },
];

/** Rentals and returns per day, as an area chart and, for screen readers, a table. */
export function RentalsChart({ perDay, periodText }: { perDay: RentalsPerDay; periodText: string }) {
  const days = perDay.rentals.length;
  const data = perDay.rentals.map((rentals, i) => ({ label: shortDay(periodDay(perDay.firstDay, i)), rentals, returns: perDay.returns[i] }));
  const ticks = countTicks(Math.max(...perDay.rentals, ...perDay.returns));
  return (
    <>
      <Box aria-hidden="true" inert>
        <AreaChart
          h={200}
          data={data}
          dataKey="label"
          curveType="monotone"
          withDots={days <= 31}
          tickLine="none"
          gridAxis="y"
          yAxisProps={{ width: 32, ticks, domain: [0, ticks.at(-1)!], interval: 0 }}
          xAxisProps={{ minTickGap: 24 }}
          series={SERIES}
        />
      </Box>
      <ChartKey series={SERIES} />
      <ChartTable
        caption={`Rentals and returns per day, last ${periodText}`}
        columns={['Day', 'Rentals', 'Returns']}
        rows={data.map((d) => [d.label, d.rentals, d.returns])}
      />
    </>
  );
}

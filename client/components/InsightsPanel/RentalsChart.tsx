import { AreaChart, BarChart } from '@mantine/charts';
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

const BARS_UP_TO_DAYS = 31;

/** Rentals and returns per day, as a chart and, for screen readers, a table. */
export function RentalsChart({ perDay, periodText }: { perDay: RentalsPerDay; periodText: string }) {
  const days = perDay.rentals.length;
  const data = perDay.rentals.map((rentals, i) => ({ label: shortDay(periodDay(perDay.firstDay, i)), rentals, returns: perDay.returns[i] }));
  const ticks = countTicks(Math.max(...perDay.rentals, ...perDay.returns));
  const chart = {
    h: 200,
    data,
    dataKey: 'label',
    tickLine: 'none',
    gridAxis: 'y',
    yAxisProps: { width: 32, ticks, domain: [0, ticks.at(-1)!], interval: 0 },
    xAxisProps: { minTickGap: 24 },
    series: SERIES,
  } as const;
  return (
    <>
      <Box aria-hidden="true" inert>
        {/* A month's days as bars, each day's counts standing apart (a line drew one rental as a hump over the
            quiet days around it); a longer period's days are too narrow for bars, and its line shows the trend. */}
        {days <= BARS_UP_TO_DAYS ? <BarChart {...chart} maxBarWidth={12} /> : <AreaChart {...chart} curveType="linear" withDots={false} />}
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

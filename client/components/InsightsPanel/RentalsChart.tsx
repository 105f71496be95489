import { AreaChart } from '@mantine/charts';
import { Box } from '@mantine/core';
import { ChartTable } from './ChartTable';
import { shortDay } from './period';

type Day = { day: string; rentals: number; returns: number };

/** Rentals and returns per day, as an area chart and, for screen readers, a table. */
export function RentalsChart({ days, periodText }: { days: Day[]; periodText: string }) {
  const data = days.map((d) => ({ ...d, label: shortDay(d.day) }));
  return (
    <>
      <Box aria-hidden="true">
        <AreaChart
          h={240}
          data={data}
          dataKey="label"
          curveType="monotone"
          withDots={days.length <= 31}
          tickLine="none"
          gridAxis="y"
          withLegend
          legendProps={{ verticalAlign: 'bottom', height: 40 }}
          yAxisProps={{ allowDecimals: false, width: 32 }}
          xAxisProps={{ minTickGap: 24 }}
          series={[
            { name: 'rentals', label: 'Rentals', color: 'blue.6' },
            { name: 'returns', label: 'Returns', color: 'teal.6' },
          ]}
        />
      </Box>
      <ChartTable
        caption={`Rentals and returns per day, last ${periodText}`}
        columns={['Day', 'Rentals', 'Returns']}
        rows={data.map((d) => [d.label, d.rentals, d.returns])}
      />
    </>
  );
}

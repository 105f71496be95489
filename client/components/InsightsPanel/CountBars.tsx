import { BarChart } from '@mantine/charts';
import { Box } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { Ref } from 'react';
import { BAR_CATEGORY_GAP, BAR_GAP } from './bar-fit';
import type { ChartSeries } from './ChartKey';
import { countTicks } from './count-ticks';

const HEIGHT = 200;
const Y_AXIS_WIDTH = 32;

/**
 * The width a chart's bars share, once the page has laid it out (0 before): to group its bars to fit. All but the
 * y-axis (Mantine's chart leaves recharts no margins).
 */
export function usePlotWidth() {
  const { ref, width } = useElementSize();
  return { ref, plotWidth: Math.max(0, width - Y_AXIS_WIDTH) };
}

type Row = { label: string } & Record<string, number | string>;

/**
 * Counts as bars, one group a row of `data`, a bar for each of `series`. Hidden from screen readers (the chart's
 * table says it) and drawn only once its width is known, so that it is never drawn with bars grouped for no width.
 */
export function CountBars(props: {
  plot: { ref: Ref<HTMLDivElement>; plotWidth: number };
  data: Row[];
  series: ChartSeries[];
  minTickGap: number;
  maxBarWidth?: number;
}) {
  const { plot, data, series, minTickGap, maxBarWidth } = props;
  const ticks = countTicks(Math.max(...data.flatMap((row) => series.map(({ name }) => Number(row[name])))));
  return (
    <Box ref={plot.ref} h={HEIGHT} aria-hidden="true" inert>
      {plot.plotWidth > 0 && (
        <BarChart
          h={HEIGHT}
          data={data}
          dataKey="label"
          tickLine="none"
          // Lines across at the counts, to read a bar's height by.
          gridAxis="x"
          yAxisProps={{ width: Y_AXIS_WIDTH, ticks, domain: [0, ticks.at(-1)!], interval: 0 }}
          xAxisProps={{ minTickGap }}
          barChartProps={{ barGap: BAR_GAP, barCategoryGap: `${BAR_CATEGORY_GAP * 100}%` }}
          maxBarWidth={maxBarWidth}
          series={series}
        />
      )}
    </Box>
  );
}

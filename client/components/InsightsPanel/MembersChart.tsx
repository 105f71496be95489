import { Text } from '@mantine/core';
import type { MembersWeek } from '../../../shared/schemas';
import { firstThatFits } from './bar-fit';
import { WEEKS_PER_BAR, weeksInRuns } from './buckets';
import { ChartKey, type ChartSeries } from './ChartKey';
import { ChartTable } from './ChartTable';
import { CountBars, usePlotWidth } from './CountBars';
import { shortDay } from './period';

const SERIES: ChartSeries<'activeMembers' | 'newMembers'>[] = [
  { name: 'activeMembers', label: 'Active members', color: 'blue.6' },
  { name: 'newMembers', label: 'New members', color: 'grape.5' },
];

/** A week or two, with no second series beside it, would otherwise fill the chart as a slab. */
const MAX_BAR_WIDTH = 40;

/**
 * Active and new members per week, as bars and, for screen readers, a table of every week. Where a week's bars would
 * be too narrow to see (a year), each bar is the average week of a run of weeks, and the key says so; a series with
 * nothing in the period keeps no room beside the other's bars.
 */
export function MembersChart({ weeks, periodText }: { weeks: MembersWeek[]; periodText: string }) {
  const plot = usePlotWidth();
  const drawn = SERIES.filter(({ name }) => weeks.some((week) => week[name] > 0));
  const runSize = plot.plotWidth > 0 ? firstThatFits(WEEKS_PER_BAR, (size) => Math.ceil(weeks.length / size), plot.plotWidth, drawn.length) : 1;
  const runs = weeksInRuns(weeks, runSize);
  const bars = runs.map((run) => ({ label: shortDay(run.weekStart), ...Object.fromEntries(drawn.map(({ name }) => [name, run[name]])) }));
  return (
    <>
      {/* A month's five or six bars each keep their label on a phone; more bars' labels are thinned with room to spare. */}
      <CountBars plot={plot} data={bars} series={drawn} minTickGap={bars.length <= 6 ? 4 : 16} maxBarWidth={MAX_BAR_WIDTH} />
      <ChartKey
        series={drawn}
        none={SERIES.filter((series) => !drawn.includes(series))}
        bars={runSize === 1 ? undefined : runText(runSize, runs[0]!.weeks)}
      />
      <Text size="xs" c="dimmed" mt={4}>
        Active: members who rented at least one book that week. Weeks start on Monday.
      </Text>
      <ChartTable
        caption={`Active and new members per week, last ${periodText}`}
        columns={['Week', 'Active members', 'New members']}
        rows={weeks.map((week) => [`Week of ${shortDay(week.weekStart)}`, week.activeMembers, week.newMembers])}
      />
    </>
  );
}

/** 'Each bar averages 4 weeks, from the Monday shown; the first averages 1.' */
function runText(size: number, firstRunWeeks: number) {
  const text = `Each bar averages ${size} weeks, from the Monday shown`;
  return firstRunWeeks < size ? `${text}; the first averages ${firstRunWeeks}.` : `${text}.`;
}

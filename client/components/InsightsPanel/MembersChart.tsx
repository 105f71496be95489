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
 * be too narrow to see (a year), each bar is the average week of a run of finished weeks, and the key says so. The
 * week in progress is always a bar of its own, said to be this week so far: its few days would otherwise read as a
 * drop in members. A series with nothing in the period keeps no room beside the other's bars.
 */
export function MembersChart({ weeks, periodText }: { weeks: MembersWeek[]; periodText: string }) {
  const plot = usePlotWidth();
  const drawn = SERIES.filter(({ name }) => weeks.some((week) => week[name] > 0));
  const runSize = plot.plotWidth > 0 ? firstThatFits(WEEKS_PER_BAR, (size) => weeksInRuns(weeks, size).length, plot.plotWidth, drawn.length) : 1;
  const runs = weeksInRuns(weeks, runSize);
  const bars = runs.map((run) => ({ label: shortDay(run.weekStart), ...Object.fromEntries(drawn.map(({ name }) => [name, run[name]])) }));
  return (
    <>
      {/* A month's five or six bars each keep their label on a phone; more bars' labels are thinned with room to spare. */}
      <CountBars plot={plot} data={bars} series={drawn} minTickGap={bars.length <= 6 ? 4 : 16} maxBarWidth={MAX_BAR_WIDTH} />
      <ChartKey
        series={drawn}
        none={SERIES.filter((series) => !drawn.includes(series))}
        bars={barsText(runSize, runs[0]!.weeks)}
      />
      <Text size="xs" c="dimmed" mt={4}>
        Active: members who rented at least one book that week. Weeks start on Monday.
      </Text>
      <ChartTable
        caption={`Active and new members per week, last ${periodText}`}
        columns={['Week', 'Active members', 'New members']}
        rows={weeks.map((week, i) => [weekHead(week.weekStart, i === weeks.length - 1), week.activeMembers, week.newMembers])}
      />
    </>
  );
}

const IN_PROGRESS_TEXT = 'The last bar is this week so far.';

/** 'Each bar averages 4 weeks, from the Monday shown; the first averages 1. The last bar is this week so far.' */
function barsText(size: number, firstRunWeeks: number) {
  if (size === 1) return IN_PROGRESS_TEXT;
  const runs = `Each bar averages ${size} weeks, from the Monday shown`;
  return `${firstRunWeeks < size ? `${runs}; the first averages ${firstRunWeeks}.` : `${runs}.`} ${IN_PROGRESS_TEXT}`;
}

/** 'Week of Nov 23', the week in progress 'Week of Nov 23 (so far)': the table says what the key does. */
const weekHead = (weekStart: string, inProgress: boolean) => `Week of ${shortDay(weekStart)}${inProgress ? ' (so far)' : ''}`;

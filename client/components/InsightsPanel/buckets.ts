import { type MembersWeek, periodDay } from '../../../shared/schemas';

/** What one bar of the rentals chart adds up: a day, a week (Monday to Sunday) or a calendar month. */
export type DaySpan = 'day' | 'week' | 'month';
export const DAY_SPANS: readonly DaySpan[] = ['day', 'week', 'month'];

export interface DayBucket {
  /** Its first day in the period, 'YYYY-MM-DD'. */
  firstDay: string;
  /** How many of the period's days it adds up. */
  days: number;
  /** Each series' counts over those days, summed. */
  totals: number[];
}

const utcDate = (isoDay: string) => new Date(`${isoDay}T00:00:00Z`);

function startsBucket(isoDay: string, span: DaySpan) {
  if (span === 'day') return true;
  return span === 'week' ? utcDate(isoDay).getUTCDay() === 1 : utcDate(isoDay).getUTCDate() === 1;
}

/**
 * The period's days added up by `span`: `series` holds one count a day for each series, from `firstDay`. A bucket
 * starts on the period's first day and on every Monday (week) or 1st (month) after it, so the first and last may
 * hold fewer days than a whole week or month.
 */
export function bucketDays(firstDay: string, series: number[][], span: DaySpan): DayBucket[] {
  const buckets: DayBucket[] = [];
  const days = series[0]?.length ?? 0;
  for (let i = 0; i < days; i++) {
    const day = periodDay(firstDay, i);
    if (i === 0 || startsBucket(day, span)) buckets.push({ firstDay: day, days: 0, totals: series.map(() => 0) });
    const bucket = buckets.at(-1)!;
    bucket.days++;
    series.forEach((counts, s) => (bucket.totals[s]! += counts[i] ?? 0));
  }
  return buckets;
}

function wholeDays(bucket: DayBucket, span: DaySpan) {
  if (span === 'day') return 1;
  if (span === 'week') return 7;
  const start = utcDate(bucket.firstDay);
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0)).getUTCDate();
}

/** Which of the first and last buckets hold only part of their week or month (the period starts or ends inside it). */
export function partEnds(buckets: DayBucket[], span: DaySpan): ('first' | 'last')[] {
  const part = (bucket: DayBucket | undefined) => !!bucket && bucket.days < wholeDays(bucket, span);
  const first = part(buckets[0]);
  const last = buckets.length > 1 && part(buckets.at(-1));
  return [...(first ? (['first'] as const) : []), ...(last ? (['last'] as const) : [])];
}

/**
 * How many finished weeks one bar of the members chart averages. Eight is for a year on the narrowest phones (320 px),
 * where runs of four leave bars narrower than the rentals chart's months.
 */
export const WEEKS_PER_BAR = [1, 2, 4, 8] as const;

export interface WeeksRun extends MembersWeek {
  /** How many weeks it averages. */
  weeks: number;
}

const average = (counts: number[]) => counts.reduce((sum, count) => sum + count, 0) / counts.length;

/**
 * The bars of the members chart: the finished weeks in runs of `size`, each with its weeks' average of active and of
 * new members (a week's active members cannot be added up: one member active in two weeks would count twice), then
 * the week in progress (the last: it holds today) as a bar of its own. Averaged in, its few days so far would pull its
 * run's average down. The runs are counted back from the latest finished week, so that only the oldest may hold
 * fewer weeks; each is dated by its first week's Monday.
 */
export function weeksInRuns(weeks: MembersWeek[], size: number): WeeksRun[] {
  const inProgress = weeks.at(-1);
  if (!inProgress) return [];
  const finished = weeks.slice(0, -1);
  const runs: WeeksRun[] = [];
  for (let end = finished.length; end > 0; end -= size) {
    const run = finished.slice(Math.max(0, end - size), end);
    runs.unshift({
      weekStart: run[0]!.weekStart,
      weeks: run.length,
      activeMembers: average(run.map((week) => week.activeMembers)),
      newMembers: average(run.map((week) => week.newMembers)),
    });
  }
  return [...runs, { ...inProgress, weeks: 1 }];
}

import { describe, expect, it } from 'vitest';
import { barWidth, firstThatFits, MIN_BAR_WIDTH } from './bar-fit';
import { bucketDays, DAY_SPANS, partEnds, WEEKS_PER_BAR, weeksInRuns } from './buckets';

/** `days` counts from 1 up, so that every day's count is told apart in a sum. */
const countingUp = (days: number) => Array.from({ length: days }, (_, i) => i + 1);
const sum = (counts: number[]) => counts.reduce((total, count) => total + count, 0);

describe('bucketDays', () => {
  // 2026-10-31 is a Saturday; 30 days from it run to Sunday 2026-11-29.
  const rentals = countingUp(30);
  const returns = rentals.map((count) => count * 100);

  it('keeps each day alone by the day', () => {
    const days = bucketDays('2026-10-31', [rentals, returns], 'day');
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({ firstDay: '2026-10-31', days: 1, totals: [1, 100] });
    expect(days.at(-1)).toEqual({ firstDay: '2026-11-29', days: 1, totals: [30, 3000] });
  });

  it('adds weeks up from Monday to Sunday, the first from the period’s first day', () => {
    const weeks = bucketDays('2026-10-31', [rentals, returns], 'week');
    expect(weeks.map((week) => [week.firstDay, week.days])).toEqual([
      ['2026-10-31', 2],
      ['2026-11-02', 7],
      ['2026-11-09', 7],
      ['2026-11-16', 7],
      ['2026-11-23', 7],
    ]);
    expect(weeks[0]!.totals).toEqual([1 + 2, 100 + 200]);
    expect(weeks[1]!.totals).toEqual([sum([3, 4, 5, 6, 7, 8, 9]), sum([3, 4, 5, 6, 7, 8, 9]) * 100]);
    // Nothing is lost or counted twice.
    expect(sum(weeks.map((week) => week.totals[0]!))).toBe(sum(rentals));
    expect(partEnds(weeks, 'week')).toEqual(['first']);
  });

  it('adds calendar months up, a year running from part of one month to part of the same month a year on', () => {
    const year = countingUp(365);
    const months = bucketDays('2025-11-30', [year], 'month');
    expect(months).toHaveLength(13);
    expect(months.map((month) => month.firstDay)).toEqual([
      '2025-11-30', '2025-12-01', '2026-01-01', '2026-02-01', '2026-03-01', '2026-04-01', '2026-05-01',
      '2026-06-01', '2026-07-01', '2026-08-01', '2026-09-01', '2026-10-01', '2026-11-01',
    ]);
    expect(months.map((month) => month.days)).toEqual([1, 31, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 29]);
    expect(sum(months.map((month) => month.totals[0]!))).toBe(sum(year));
    expect(partEnds(months, 'month')).toEqual(['first', 'last']);
  });

  it('says no end is in part when the period starts on a Monday and ends on a Sunday', () => {
    expect(partEnds(bucketDays('2026-11-02', [countingUp(28)], 'week'), 'week')).toEqual([]);
    expect(partEnds(bucketDays('2026-11-02', [countingUp(28)], 'day'), 'day')).toEqual([]);
  });
});

describe('weeksInRuns', () => {
  // Six weeks, the last (the week in progress, two days old) with few members so far.
  const weeks = [
    { weekStart: '2026-10-05', activeMembers: 2, newMembers: 1 },
    { weekStart: '2026-10-12', activeMembers: 4, newMembers: 0 },
    { weekStart: '2026-10-19', activeMembers: 6, newMembers: 2 },
    { weekStart: '2026-10-26', activeMembers: 8, newMembers: 0 },
    { weekStart: '2026-11-02', activeMembers: 10, newMembers: 1 },
    { weekStart: '2026-11-09', activeMembers: 1, newMembers: 0 },
  ];

  it('keeps each week as it is in runs of one, the week in progress last', () => {
    expect(weeksInRuns(weeks, 1)).toEqual(weeks.map((week) => ({ ...week, weeks: 1 })));
  });

  it('averages runs of finished weeks counted back from the latest, dated by their first, the oldest holding what is left', () => {
    expect(weeksInRuns(weeks, 2).slice(0, -1)).toEqual([
      { weekStart: '2026-10-05', weeks: 1, activeMembers: 2, newMembers: 1 },
      { weekStart: '2026-10-12', weeks: 2, activeMembers: 5, newMembers: 1 },
      { weekStart: '2026-10-26', weeks: 2, activeMembers: 9, newMembers: 0.5 },
    ]);
  });

  it('leaves the week in progress out of every average, and gives it a bar of its own, last', () => {
    for (const size of [2, 4, 8]) {
      const runs = weeksInRuns(weeks, size);
      expect(runs.at(-1), `runs of ${size}`).toEqual({ ...weeks.at(-1), weeks: 1 });
      // Its one active member so far would have pulled the newest run's average down.
      expect(runs.at(-2)!.activeMembers, `runs of ${size}`).toBeGreaterThan(5);
      expect(runs.slice(0, -1).reduce((count, run) => count + run.weeks, 0), `runs of ${size}`).toBe(weeks.length - 1);
    }
    expect(weeksInRuns(weeks, 4).at(-2)).toEqual({ weekStart: '2026-10-12', weeks: 4, activeMembers: 7, newMembers: 0.75 });
  });

  it('draws a period of one week, in progress, as that week', () => {
    expect(weeksInRuns(weeks.slice(-1), 4)).toEqual([{ ...weeks.at(-1), weeks: 1 }]);
  });
});

describe('the members chart over a year', () => {
  // A year's 365 days always touch 53 weeks: 52 finished and the one in progress.
  const year = Array.from({ length: 53 }, (_, i) => ({ weekStart: `week ${i}`, activeMembers: 3, newMembers: 1 }));
  const slots = (size: number) => weeksInRuns(year, size).length;

  it('averages four weeks a bar on a 360 px phone, eight on a 320 px one, its bars as wide as the rentals chart needs', () => {
    // The plots' widths as drawn: 263 px at 360, 223 px at 320 (the y-axis takes the rest of the card).
    expect(firstThatFits(WEEKS_PER_BAR, slots, 263, 2)).toBe(4);
    expect(firstThatFits(WEEKS_PER_BAR, slots, 223, 2)).toBe(8);
    expect(barWidth(223, slots(8), 2)).toBeGreaterThanOrEqual(MIN_BAR_WIDTH);
    // Thirteen runs of four and this week; seven of eight (the first of four) and this week.
    expect(weeksInRuns(year, 4).map((run) => run.weeks)).toEqual([...Array<number>(13).fill(4), 1]);
    expect(weeksInRuns(year, 8).map((run) => run.weeks)).toEqual([4, 8, 8, 8, 8, 8, 8, 1]);
  });
});

describe('firstThatFits', () => {
  it('works a bar’s width out as recharts lays it: a tenth of its slot clear each side, bars 2 px apart', () => {
    expect(barWidth(300, 10, 1)).toBe(24);
    expect(barWidth(300, 10, 2)).toBe(11);
  });

  it('takes the finest grouping whose bars are wide enough to see, else the coarsest', () => {
    // 252 px, about a 360 px phone's chart: a month's 30 days are too many for two series, not for one.
    const slots = { day: 30, week: 5, month: 2 };
    expect(firstThatFits(DAY_SPANS, (span) => slots[span], 252, 2)).toBe('week');
    expect(firstThatFits(DAY_SPANS, (span) => slots[span], 252, 1)).toBe('day');
    expect(barWidth(252, 30, 1)).toBeGreaterThanOrEqual(MIN_BAR_WIDTH);
    expect(firstThatFits(DAY_SPANS, () => 1000, 252, 2)).toBe('month');
  });
});

/** Gaps between a count chart's ticks, at most: a few lines, each far enough from the next to read. */
const MOST_GAPS = 5;

/**
 * A count chart's y-axis ticks: whole numbers from 0, evenly spaced 1, 2 or 5 times a power of ten apart, up to the
 * first at or above the largest count (at least 1). Left to the chart, a largest count of 1 or 2 ran to 4, its lines
 * unevenly spaced.
 */
export function countTicks(largest: number): number[] {
  const top = Math.max(1, Math.ceil(largest));
  // The smallest of 1, 2, 5 and 10 times this power of ten that leaves at most MOST_GAPS gaps: 10 times it always does.
  const power = 10 ** Math.max(0, Math.floor(Math.log10(top / MOST_GAPS)));
  const step = [1, 2, 5, 10].map((times) => times * power).find((gap) => Math.ceil(top / gap) <= MOST_GAPS)!;
  return Array.from({ length: Math.ceil(top / step) + 1 }, (_, i) => i * step);
}

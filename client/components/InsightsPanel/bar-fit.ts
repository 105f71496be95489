/**
 * How a bar chart shares its width out, as recharts does: each bar (a day, a week...) gets an equal slot, a tenth of
 * which stays clear on either side; the slot's bars, one per series, stand BAR_GAP apart. The charts pass these to
 * recharts, so that the widths worked out here are the ones drawn.
 */
export const BAR_CATEGORY_GAP = 0.1;
export const BAR_GAP = 2;

/** Narrower than this, a bar reads as a hairline, and a day's one rental as a speck beside the next day's. */
export const MIN_BAR_WIDTH = 6;

/** How wide each bar is drawn, in px, when `slots` slots of `series` bars share `plotWidth` px. */
export function barWidth(plotWidth: number, slots: number, series: number): number {
  const inSlot = (plotWidth / slots) * (1 - 2 * BAR_CATEGORY_GAP) - (series - 1) * BAR_GAP;
  return inSlot / series;
}

/**
 * The first of `groupings` (finest first) whose bars, `slotsOf` it many, are at least MIN_BAR_WIDTH wide; the
 * coarsest when none is.
 */
export function firstThatFits<T>(groupings: readonly T[], slotsOf: (grouping: T) => number, plotWidth: number, series: number): T {
  return groupings.find((grouping) => barWidth(plotWidth, slotsOf(grouping), series) >= MIN_BAR_WIDTH) ?? groupings.at(-1)!;
}

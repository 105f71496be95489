import { INSIGHT_PERIODS, type InsightPeriod } from '../../../shared/schemas';

const LABELS: Record<InsightPeriod, string> = { 7: '7 days', 30: '30 days', 90: '90 days', 365: '1 year' };

export const periodOptions = INSIGHT_PERIODS.map((days) => ({ value: String(days), label: LABELS[days] }));

export const periodLabel = (days: InsightPeriod) => LABELS[days].replace(/^1 /, '');

/** The browser's time zone, so the server counts the librarian's own days. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** '2026-11-21' (a calendar date) -> 'Nov 21'. */
export const shortDay = (isoDay: string) =>
  new Date(`${isoDay}T00:00:00Z`).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

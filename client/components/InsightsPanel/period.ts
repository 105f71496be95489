import { canonicalTimeZone, INSIGHT_PERIODS, type InsightPeriod } from '../../../shared/schemas';

const LABELS: Record<InsightPeriod, string> = { 7: '7 days', 30: '30 days', 90: '90 days', 365: '1 year' };

export const periodOptions = INSIGHT_PERIODS.map((days) => ({ value: String(days), label: LABELS[days] }));

export const periodLabel = (days: InsightPeriod) => LABELS[days].replace(/^1 /, '');

/** What Chromium reports when it cannot map the system's zone: no zone, which the server refuses. */
const UNKNOWN_ZONE = 'Etc/Unknown';

/**
 * The browser's time zone, so the server counts the librarian's own days. UTC when it names none the app
 * knows: the browser then shows dates in UTC itself, so the days counted agree with the dates shown.
 */
export function browserTimeZone() {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && zone !== UNKNOWN_ZONE && canonicalTimeZone(zone) ? zone : 'UTC';
}

/** '2026-11-21' (a calendar date) -> 'Nov 21'. */
export const shortDay = (isoDay: string) =>
  new Date(`${isoDay}T00:00:00Z`).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** '2026-11-01' (a calendar date) -> 'Nov 2026'. */
export const shortMonth = (isoDay: string) =>
  new Date(`${isoDay}T00:00:00Z`).toLocaleDateString(undefined, { month: 'short', year: 'numeric', timeZone: 'UTC' });

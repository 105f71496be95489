/** Dates as patrons read them: 'Nov 21, 2026' in their own locale. */
export function formatDate(date: Date | null | undefined, fallback = 'N/A'): string {
  return date ? date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' }) : fallback;
}

import { formatDate } from '../../lib/dates';

/** A date as patrons read it ('Nov 29, 2026'), kept on one line: a phone broke it after its month. */
export function DateText({ date }: { date: Date | null | undefined }) {
  return <span style={{ whiteSpace: 'nowrap' }}>{formatDate(date)}</span>;
}

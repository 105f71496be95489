import { MAX_BOOK_QUANTITY, MIN_QUANTITY_IN_INTERFACE } from '../../../shared/constants';

/**
 * A copy count as a librarian types or pastes it in the list: digits alone (spaces around them and leading zeros
 * allowed), from 1 to the most copies a library holds. Anything else is refused rather than read as some number:
 * '1e3' is not 13, '2.000' (two thousand, where a point groups thousands) not 2, '+5' (five more?) not 5.
 */
export function readTypedCopies(written: string): number | 'empty' | 'refused' {
  const text = written.trim();
  if (!text) return 'empty';
  if (!/^[0-9]+$/.test(text)) return 'refused';
  const copies = Number(text);
  return copies >= MIN_QUANTITY_IN_INTERFACE && copies <= MAX_BOOK_QUANTITY ? copies : 'refused';
}

/** What a refused count is told, naming it as written (a long paste cut short). */
export function refusedCopiesMessage(written: string): string {
  const text = written.trim();
  const shown = text.length > 20 ? `${text.slice(0, 20)}…` : text;
  return `The number of copies is a whole number from ${MIN_QUANTITY_IN_INTERFACE} to ${MAX_BOOK_QUANTITY}, not "${shown}". Nothing was saved.`;
}

import { DEFAULT_BOOK_QUANTITY } from '../../../shared/constants';

/** The add-book form's 'Number of copies': anything that is not a whole number of at least 1 counts as 1 (SPEC section 5). */
export function copiesFromInput(value: string | number): number {
  const copies = typeof value === 'number' ? value : Number(value.trim() || Number.NaN);
  return Number.isInteger(copies) && copies >= 1 ? copies : DEFAULT_BOOK_QUANTITY;
}

import { DEFAULT_BOOK_QUANTITY } from '../../../shared/constants';

/**
 * The add-book form's 'Number of copies': anything that is not a whole number of at least 1 counts as 1 (SPEC
 * section 5). Typed, a number is its digits alone (spaces around them and leading zeros allowed): '1e3', '0x10' or
 * '2.000' are not numbers of copies, though JavaScript's Number reads them as 1000, 16 and 2.
 */
export function copiesFromInput(typed: string): number {
  const digits = typed.trim();
  return /^[0-9]+$/.test(digits) && Number(digits) >= 1 ? Number(digits) : DEFAULT_BOOK_QUANTITY;
}

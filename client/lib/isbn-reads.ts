import { isValidIsbn, normalizeIsbn } from '../../shared/isbn';

/**
 * Decides when camera reads name a book. quagga2 misreads single digits, so a read counts only when
 * its ISBN checksum holds and the previous valid read agreed (DESIGN.md: Client). Codes that are
 * not valid ISBNs are ignored and do not break a pair.
 */
export function createIsbnReadConfirmer() {
  let previous: string | null = null;
  return (code: string | null | undefined): string | null => {
    if (!code) return null;
    const isbn = normalizeIsbn(code);
    if (!isValidIsbn(isbn)) return null;
    if (isbn === previous) {
      previous = null;
      return isbn;
    }
    previous = isbn;
    return null;
  };
}

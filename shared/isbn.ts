/** ISBN rules shared by client and server (DESIGN.md: ISBN). */

import { asciiDigits } from './digits';

/**
 * Strips everything but digits, keeping a final X (ISBN-10 check digit). Digits of any script count, as in
 * phone numbers: a Japanese input method types full-width ones (and a full-width X), an Arabic keyboard Arabic-Indic ones.
 */
export function normalizeIsbn(raw: string): string {
  const upper = asciiDigits(raw.replace(/\uFF38|\uFF58/g, 'X')).toUpperCase();
  const digits = upper.replace(/[^0-9X]/g, '');
  const body = digits.slice(0, -1).replace(/X/g, '');
  const last = digits.slice(-1);
  return body + last;
}

/** What the scanner, manual entry, lookup and add-book say to an ISBN of the wrong length. */
export const INVALID_ISBN_MESSAGE = 'Please enter a valid ISBN (10 or 13 digits).';

function isbn10CheckDigit(first9: string): string {
  const sum = [...first9].reduce((acc, d, i) => acc + Number(d) * (10 - i), 0);
  const check = (11 - (sum % 11)) % 11;
  return check === 10 ? 'X' : String(check);
}

function isbn13CheckDigit(first12: string): string {
  const sum = [...first12].reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return String((10 - (sum % 10)) % 10);
}

/** The ISBN-13 whose first twelve digits these are, with its check digit. */
export const completeIsbn13 = (first12: string) => first12 + isbn13CheckDigit(first12);

/**
 * What is wrong with an ISBN, or null when nothing is: `length`, not 10 or 13 digits once normalized (the
 * scanner and manual-entry rule); `checkDigit`, a check digit its other digits do not give (most likely a
 * typo); `prefix`, an ISBN-13 outside the 978 and 979 ranges books are numbered in. Each is only looked for
 * once the one before it is not the problem.
 */
type IsbnProblem = 'length' | 'checkDigit' | 'prefix';

export function isbnProblem(raw: string): IsbnProblem | null {
  const n = normalizeIsbn(raw);
  if (!/^\d{9}[\dX]$/.test(n) && !/^\d{13}$/.test(n)) return 'length';
  const checkDigit = n.length === 10 ? isbn10CheckDigit(n.slice(0, 9)) : isbn13CheckDigit(n.slice(0, 12));
  if (checkDigit !== n.at(-1)) return 'checkDigit';
  return n.length === 13 && !/^97[89]/.test(n) ? 'prefix' : null;
}

/** The scanner and manual-entry rule: after stripping non-digits, 10 or 13 digits. */
export const hasIsbnLength = (raw: string) => isbnProblem(raw) !== 'length';

/** A real ISBN: of a length, a check digit and (ISBN-13) a range books are numbered in. */
export const isValidIsbn = (raw: string) => isbnProblem(raw) === null;

export const isValidIsbn10 = (raw: string) => normalizeIsbn(raw).length === 10 && isValidIsbn(raw);

export const isValidIsbn13 = (raw: string) => normalizeIsbn(raw).length === 13 && isValidIsbn(raw);

/** What manual entry and the add-book form say to an ISBN whose check digit does not hold: most likely a typo. */
export const ISBN_CHECK_DIGIT_MESSAGE = "This ISBN's check digit does not match. Check it for a typo.";

/**
 * What manual entry says to an ISBN typed by hand, or null when it can be taken (the add-book form keeps the
 * payload's 10 to 13 characters and asks isbnProblem for the check digit alone): the
 * wrong length always; a check digit that does not hold when `checkDigit` (cataloguing, where a one-digit typo
 * would be kept, for good, as a book of its own; renting or checking in finds the library's own record, which
 * may carry a misprinted ISBN, so SPEC's length alone is asked there). A code outside the book ranges whose
 * check digit holds is no typo, and is taken.
 */
export function typedIsbnProblem(raw: string, { checkDigit }: { checkDigit: boolean }): string | null {
  const problem = isbnProblem(raw);
  if (problem === 'length') return INVALID_ISBN_MESSAGE;
  return problem === 'checkDigit' && checkDigit ? ISBN_CHECK_DIGIT_MESSAGE : null;
}

export function isbn10To13(raw: string): string | null {
  const n = normalizeIsbn(raw);
  if (!isValidIsbn10(n)) return null;
  return completeIsbn13(`978${n.slice(0, 9)}`);
}

/** Only 978-prefixed ISBN-13s have an ISBN-10 form. */
export function isbn13To10(raw: string): string | null {
  const n = normalizeIsbn(raw);
  if (!isValidIsbn13(n) || !n.startsWith('978')) return null;
  const first9 = n.slice(3, 12);
  return first9 + isbn10CheckDigit(first9);
}

/**
 * The key under which one book is stored and matched: the ISBN-13 form when the ISBN is valid,
 * otherwise the normalized text, so the ISBN-10 and ISBN-13 of one book are the same book.
 */
export function isbnKey(raw: string): string {
  const n = normalizeIsbn(raw);
  return isbn10To13(n) ?? n;
}

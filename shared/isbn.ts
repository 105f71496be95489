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

/** The scanner and manual-entry rule: after stripping non-digits, 10 or 13 digits. */
export function hasIsbnLength(raw: string): boolean {
  const n = normalizeIsbn(raw);
  return /^\d{9}[\dX]$/.test(n) || /^\d{13}$/.test(n);
}

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

export function isValidIsbn10(raw: string): boolean {
  const n = normalizeIsbn(raw);
  return /^\d{9}[\dX]$/.test(n) && isbn10CheckDigit(n.slice(0, 9)) === n[9];
}

export function isValidIsbn13(raw: string): boolean {
  const n = normalizeIsbn(raw);
  return /^97[89]\d{10}$/.test(n) && isbn13CheckDigit(n.slice(0, 12)) === n[12];
}

export function isValidIsbn(raw: string): boolean {
  return isValidIsbn10(raw) || isValidIsbn13(raw);
}

/** What manual entry and the add-book form say to an ISBN whose check digit does not hold: most likely a typo. */
export const ISBN_CHECK_DIGIT_MESSAGE = "This ISBN's check digit does not match. Check it for a typo.";

/**
 * Why an ISBN typed by hand cannot be taken, or null: the wrong length, else a check digit its other digits do
 * not give (a one-digit typo would otherwise be catalogued, for good, as a book of its own).
 */
export function typedIsbnProblem(raw: string): string | null {
  if (!hasIsbnLength(raw)) return INVALID_ISBN_MESSAGE;
  const n = normalizeIsbn(raw);
  const checkDigit = n.length === 10 ? isbn10CheckDigit(n.slice(0, 9)) : isbn13CheckDigit(n.slice(0, 12));
  return checkDigit === n.at(-1) ? null : ISBN_CHECK_DIGIT_MESSAGE;
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

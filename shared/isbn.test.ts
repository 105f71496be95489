import { describe, expect, it } from 'vitest';
import {
  hasIsbnLength,
  INVALID_ISBN_MESSAGE,
  ISBN_CHECK_DIGIT_MESSAGE,
  isbn10To13,
  isbn13To10,
  isbnKey,
  isbnProblem,
  isValidIsbn,
  isValidIsbn10,
  isValidIsbn13,
  normalizeIsbn,
  typedIsbnProblem,
} from './isbn';

describe('ISBN helpers', () => {
  it('strips hyphens and spaces and keeps a final X', () => {
    expect(normalizeIsbn('978-0-306-40615-7')).toBe('9780306406157');
    expect(normalizeIsbn(' 0 8044 2957 x ')).toBe('080442957X');
    expect(normalizeIsbn('X123')).toBe('123');
  });

  it('accepts valid ISBN-13 checksums and refuses wrong ones', () => {
    expect(isValidIsbn13('9780306406157')).toBe(true);
    expect(isValidIsbn13('978-0-306-40615-7')).toBe(true);
    expect(isValidIsbn13('9780306406158')).toBe(false);
    expect(isValidIsbn13('1234567890123')).toBe(false);
  });

  it('accepts valid ISBN-10 checksums, including an X check digit', () => {
    expect(isValidIsbn10('0306406152')).toBe(true);
    expect(isValidIsbn10('080442957X')).toBe(true);
    expect(isValidIsbn10('0-8044-2957-x')).toBe(true);
    expect(isValidIsbn10('0306406153')).toBe(false);
  });

  it('requires 10 or 13 digits for scanned and typed codes', () => {
    expect(hasIsbnLength('123456789')).toBe(false);
    expect(hasIsbnLength('12345678901')).toBe(false);
    expect(hasIsbnLength('1234567890')).toBe(true);
    expect(hasIsbnLength('978-1-2345-6789-0')).toBe(true);
    expect(isValidIsbn('')).toBe(false);
  });

  it('converts between ISBN-10 and ISBN-13', () => {
    expect(isbn10To13('0306406152')).toBe('9780306406157');
    expect(isbn13To10('9780306406157')).toBe('0306406152');
    expect(isbn10To13('080442957X')).toBe('9780804429573');
    expect(isbn13To10('9790000000001')).toBeNull();
    expect(isbn10To13('0306406153')).toBeNull();
  });

  it('keys both forms of one book the same', () => {
    expect(isbnKey('0-306-40615-2')).toBe(isbnKey('9780306406157'));
  });
});

describe('ISBNs typed in other scripts digits', () => {
  it('reads full-width and Arabic-Indic digits as the ASCII ones', () => {
    expect(normalizeIsbn('９７８０４５１５２４９３５')).toBe('9780451524935');
    expect(normalizeIsbn('٩٧٨٠٤٥١٥٢٤٩٣٥')).toBe('9780451524935');
    expect(normalizeIsbn('０８０４４２９５７Ｘ')).toBe('080442957X');
    expect(hasIsbnLength('９７８-０４５１５２４９３５')).toBe(true);
  });
});

describe('what is wrong with an ISBN', () => {
  it('is its length first, then its check digit, then (ISBN-13) a range books are not numbered in', () => {
    expect(isbnProblem('12345')).toBe('length');
    expect(isbnProblem('978030640615X')).toBe('length');
    expect(isbnProblem('9780306406158')).toBe('checkDigit');
    expect(isbnProblem('0-306-40615-3')).toBe('checkDigit');
    expect(isbnProblem('1234567890128')).toBe('prefix');
    expect(isbnProblem('978-0-306-40615-7')).toBeNull();
    expect(isbnProblem('054792822x')).toBeNull();
    expect(isValidIsbn('1234567890128')).toBe(false);
  });
});

describe('an ISBN typed by hand', () => {
  it('is refused for its length first, then, when cataloguing, for a check digit that does not hold (a typo)', () => {
    const cataloguing = { checkDigit: true };
    expect(typedIsbnProblem('12345', cataloguing)).toBe(INVALID_ISBN_MESSAGE);
    expect(typedIsbnProblem('9780306406158', cataloguing)).toBe(ISBN_CHECK_DIGIT_MESSAGE);
    expect(typedIsbnProblem('0-306-40615-3', cataloguing)).toBe(ISBN_CHECK_DIGIT_MESSAGE);
    expect(typedIsbnProblem('978-0-306-40615-7', cataloguing)).toBeNull();
    expect(typedIsbnProblem('0-306-40615-2', cataloguing)).toBeNull();
    expect(typedIsbnProblem('054792822x', cataloguing)).toBeNull();
    // Its check digit holds: no typo, though no book range either.
    expect(typedIsbnProblem('1234567890128', cataloguing)).toBeNull();
  });

  it("is refused only for its length when renting or checking in (the library's record may carry a misprint)", () => {
    const finding = { checkDigit: false };
    expect(typedIsbnProblem('12345', finding)).toBe(INVALID_ISBN_MESSAGE);
    expect(typedIsbnProblem('9780306406158', finding)).toBeNull();
    expect(typedIsbnProblem('0-306-40615-3', finding)).toBeNull();
  });
});

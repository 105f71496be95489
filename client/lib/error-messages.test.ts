import { describe, expect, it } from 'vitest';
import { callFallbacks, createLibraryError, errorMessage, profileUpdateError, requestFailedMessage, reviewsLoadError } from './error-messages';

describe('data-call error texts', () => {
  it("prefers the server's message", () => {
    expect(errorMessage(new Error('No copies of this book are available right now.'), callFallbacks.rentBook)).toBe(
      'No copies of this book are available right now.',
    );
  });
  it("falls back to the call's own text", () => {
    expect(errorMessage(new Error('  '), callFallbacks.fetchBooks)).toBe('Failed to fetch books');
    expect(errorMessage(undefined)).toBe('An unknown error occurred');
  });
  it('names the status of a request without a readable body', () => {
    expect(requestFailedMessage(500)).toBe('Request failed with status 500');
  });
  it('words profile, library and review failures as the spec does', () => {
    expect(profileUpdateError(new Error('Email already in use'))).toBe('Update failed: Email already in use');
    expect(profileUpdateError(new Error(''))).toBe('Update failed: Failed to update profile');
    expect(profileUpdateError({})).toBe('Update failed: An unknown error occurred.');
    expect(createLibraryError(new Error('Library name must be at least 3 characters long'))).toBe(
      'Failed to create library: Library name must be at least 3 characters long',
    );
    expect(reviewsLoadError(null)).toBe('An unknown error occurred.');
    expect(reviewsLoadError(new Error('Book not found.'))).toBe('Book not found.');
  });
});

/** SPEC section 8, 'Data-call fallbacks (when no error field)', verbatim and in its order. */
const SPEC_DATA_CALL_FALLBACKS = [
  'Failed to fetch books',
  'Failed to rent book',
  'Failed to return book',
  'Failed to fetch libraries',
  'Failed to create library',
  'Failed to fetch rentals',
  'Failed to fetch book reviews',
  'Failed to post review',
  'Failed to add book to library',
  'Failed to update book quantity',
  'Failed to fetch customers',
  'Failed to check book status',
  'Failed to return book.',
  'Failed to lookup customer',
  'Failed to find customer.',
  'Failed to register customer',
  'Failed to create kiosk rental',
  'Rental failed.',
  'Book return failed.',
  'Failed to create library: {reason}',
  'Failed to upgrade account.',
  'You are not eligible for an upgrade.',
  'An unknown error occurred',
];

describe("the table of data-call fallbacks is SPEC section 8's list", () => {
  it('holds each fixed text of the list once, and nothing else but the profile save fallback', () => {
    const table = Object.values(callFallbacks);
    expect(new Set(table).size).toBe(table.length);
    const expected = [
      // Not in the table, by design: the templated text is worded by createLibraryError (next test), and
      // 'You are not eligible for an upgrade.' is the server's own refusal (server/services/profile.ts),
      // shown as the server's message.
      ...SPEC_DATA_CALL_FALLBACKS.filter((m) => m !== 'Failed to create library: {reason}' && m !== 'You are not eligible for an upgrade.'),
      // SPEC section 8, Profile update: "fallback 'Failed to update profile'".
      'Failed to update profile',
    ];
    expect([...table].sort()).toEqual([...expected].sort());
  });

  it("words 'Failed to create library: {reason}' with the server's reason, or the call's own fallback", () => {
    expect(createLibraryError(new Error('A library with this name already exists.'))).toBe('Failed to create library: A library with this name already exists.');
    expect(createLibraryError(new Error(''))).toBe('Failed to create library: Failed to create library');
  });

  it('gives each call its own text where the list has two alike', () => {
    expect(callFallbacks.returnBook).toBe('Failed to return book');
    expect(callFallbacks.returnScannedBook).toBe('Failed to return book.');
    expect(callFallbacks.lookupCustomer).toBe('Failed to lookup customer');
    expect(callFallbacks.findCustomer).toBe('Failed to find customer.');
    expect(callFallbacks.unknown).toBe('An unknown error occurred');
  });
});

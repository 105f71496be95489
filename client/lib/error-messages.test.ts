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

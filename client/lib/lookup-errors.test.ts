import { describe, expect, it } from 'vitest';
import { lookupErrorMessage } from './lookup-errors';

describe('book lookup error text', () => {
  it('names the reason', () => {
    expect(lookupErrorMessage(new Error('Too many requests'))).toBe('Failed to lookup book by ISBN: Too many requests');
  });
  it('falls back when there is no reason', () => {
    expect(lookupErrorMessage(new Error(''))).toBe('An unknown error occurred during book lookup.');
    expect(lookupErrorMessage(null)).toBe('An unknown error occurred during book lookup.');
  });
});

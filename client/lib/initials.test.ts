import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('avatar initials', () => {
  it('takes the first letters of the first and last word', () => expect(initials('Ada King Lovelace')).toBe('AL'));
  it('takes the first two letters of a single word', () => expect(initials('plato')).toBe('PL'));
  it('copes with empty names and emoji', () => {
    expect(initials('  ')).toBe('?');
    expect(initials('🚀 Rocket')).toBe('🚀R');
  });
});

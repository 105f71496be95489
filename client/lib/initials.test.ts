import { describe, expect, it } from 'vitest';
import { initials, initialsAvatarUrl } from './initials';

describe('avatar initials', () => {
  it('takes the first letters of the first and last word', () => expect(initials('Ada King Lovelace')).toBe('AL'));
  it('takes the first two letters of a single word', () => expect(initials('plato')).toBe('PL'));
  it('copes with empty names and emoji', () => {
    expect(initials('  ')).toBe('?');
    expect(initials('🚀 Rocket')).toBe('🚀R');
  });
});

describe('initials avatar address', () => {
  it('is seeded by the display name, escaped', () => {
    expect(initialsAvatarUrl('Ada & Grace')).toBe('https://ui-avatars.com/api/?name=Ada%20%26%20Grace&background=0A75E3&color=fff&size=64');
  });
});

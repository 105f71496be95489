import { describe, expect, it } from 'vitest';
import { displayNameOf } from './sign-in';

describe("a provider's name as a display name", () => {
  it('is read as a name and cut to 100 units, never inside a character', () => {
    expect(displayNameOf('  Ada\u200b Lovelace ')).toBe('Ada Lovelace');
    // 99 letters and an emoji of two units: the emoji would be cut in half, so it goes whole.
    expect(displayNameOf(`${'a'.repeat(99)}📚`)).toBe('a'.repeat(99));
    expect(displayNameOf(`${'a'.repeat(98)}📚`)).toBe(`${'a'.repeat(98)}📚`);
  });

  it('holds no half character the provider sent', () => {
    expect(displayNameOf('Ada \ud800Lovelace')).toBe('Ada \ufffdLovelace');
    expect(displayNameOf('Ada \ud800Lovelace').isWellFormed()).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { copiesFromInput } from './copies';

describe('number of copies in the add-book form', () => {
  it('keeps a whole number of at least one', () => {
    expect(copiesFromInput('3')).toBe(3);
    expect(copiesFromInput(' 12 ')).toBe(12);
    expect(copiesFromInput('007')).toBe(7);
  });
  it('falls back to one copy for anything else', () => {
    expect(copiesFromInput('')).toBe(1);
    expect(copiesFromInput('abc')).toBe(1);
    expect(copiesFromInput('0')).toBe(1);
    expect(copiesFromInput('-2')).toBe(1);
    expect(copiesFromInput('2.5')).toBe(1);
    // What JavaScript's Number would read as another number.
    expect(copiesFromInput('1e3')).toBe(1);
    expect(copiesFromInput('0x10')).toBe(1);
    expect(copiesFromInput('2.000')).toBe(1);
    expect(copiesFromInput('+5')).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { readTypedCopies, refusedCopiesMessage } from './typed-copies';

describe('readTypedCopies', () => {
  it('reads whole numbers from 1 to 100000, leading zeros and spaces around them allowed', () => {
    expect(['1', '42', '007', ' 12 ', '100000'].map(readTypedCopies)).toEqual([1, 42, 7, 12, 100_000]);
  });

  it('refuses what another reading would turn into a different number, and counts outside 1 to 100000', () => {
    const written = ['1e3', '+5', '-1', '2.5', '2.0', '2.000', '1,000', '1 000', '0x10', '٣', '１２', 'Infinity', '0', '000', '100001', '99999999999999999999'];
    expect(written.map(readTypedCopies)).toEqual(written.map(() => 'refused'));
  });

  it('takes nothing typed as nothing to save', () => {
    expect(['', '   '].map(readTypedCopies)).toEqual(['empty', 'empty']);
  });
});

describe('refusedCopiesMessage', () => {
  it('names the count as written, a long paste cut short', () => {
    expect(refusedCopiesMessage(' 1e3 ')).toBe('The number of copies is a whole number from 1 to 100000, not "1e3". Nothing was saved.');
    expect(refusedCopiesMessage('9'.repeat(30))).toBe(`The number of copies is a whole number from 1 to 100000, not "${'9'.repeat(20)}…". Nothing was saved.`);
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sharedOutput } from './init';

const figure = z.object({ rentals: z.number().int() });

describe('sharedOutput', () => {
  it('answers every call sharing a result with the checked output, unknown keys dropped', () => {
    const check = sharedOutput(figure);
    const result = { rentals: 3, internal: 'not for the wire' };
    const first = check(result);
    expect(first).toEqual({ rentals: 3 });
    // Checked once: every later call sharing the result answers that same checked object.
    expect(check(result)).toBe(first);
  });

  it('checks each result on its own: different results, different answers', () => {
    const check = sharedOutput(figure);
    expect(check({ rentals: 1 })).toEqual({ rentals: 1 });
    expect(check({ rentals: 2 })).toEqual({ rentals: 2 });
  });

  it('refuses a wrong result every time it is asked, not only the first', () => {
    const check = sharedOutput(figure);
    const wrong = { rentals: 1.5 };
    expect(() => check(wrong)).toThrow();
    expect(() => check(wrong)).toThrow();
    expect(() => check(null)).toThrow();
  });
});

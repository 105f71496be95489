import { describe, expect, it } from 'vitest';
import { countTicks } from './count-ticks';

describe('countTicks', () => {
  it('runs from 0 to 1 when nothing or one was counted', () => {
    expect(countTicks(0)).toEqual([0, 1]);
    expect(countTicks(1)).toEqual([0, 1]);
  });

  it('counts one by one up to five', () => {
    expect(countTicks(2)).toEqual([0, 1, 2]);
    expect(countTicks(5)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('spaces larger counts 2, 5, 10, 20... apart, up to the first tick at or above the largest', () => {
    expect(countTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(countTicks(10)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(countTicks(23)).toEqual([0, 5, 10, 15, 20, 25]);
    expect(countTicks(26)).toEqual([0, 10, 20, 30]);
    expect(countTicks(480)).toEqual([0, 100, 200, 300, 400, 500]);
    expect(countTicks(1001)).toEqual([0, 500, 1000, 1500]);
  });
});

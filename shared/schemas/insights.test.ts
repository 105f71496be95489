import { describe, expect, it } from 'vitest';
import { periodDay } from './insights';

describe('periodDay', () => {
  it('counts calendar days across month, year and leap-day boundaries', () => {
    expect(periodDay('2026-11-21', 0)).toBe('2026-11-21');
    expect(periodDay('2026-11-21', 10)).toBe('2026-12-01');
    expect(periodDay('2026-12-25', 7)).toBe('2027-01-01');
    expect(periodDay('2028-02-28', 1)).toBe('2028-02-29');
    expect(periodDay('2027-02-28', 1)).toBe('2027-03-01');
    expect(periodDay('2025-11-23', 364)).toBe('2026-11-22');
  });
});

import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, periodDay, rememberedTimeZones } from './insights';

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

describe('canonicalTimeZone', () => {
  it('gives the canonical name of a zone named in any case, and undefined for a name that is none', () => {
    expect(canonicalTimeZone('Europe/Paris')).toBe('Europe/Paris');
    expect(canonicalTimeZone('EUROPE/paris')).toBe('Europe/Paris');
    expect(canonicalTimeZone('utc')).toBe('UTC');
    expect(canonicalTimeZone('Mars/Olympus_Mons')).toBeUndefined();
  });

  it('remembers a zone once, however its name is cased', () => {
    const name = 'America/Argentina/ComodRivadavia';
    const before = rememberedTimeZones();
    for (let i = 0; i < 2000; i++) {
      const cased = [...name].map((c, j) => ((i >> j % 11) & 1 ? c.toUpperCase() : c.toLowerCase())).join('');
      expect(canonicalTimeZone(cased)).toBe(canonicalTimeZone(name));
    }
    expect(rememberedTimeZones() - before).toBeLessThanOrEqual(1);
  });
});

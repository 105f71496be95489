import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePgDate } from './pg-dates';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A timestamptz as PostgreSQL writes it (DateStyle ISO): the zone's wall time, a fraction without trailing zeros, the offset. */
function pgText(ms: number, micros: number, offsetMinutes: number): string {
  const wall = new Date(ms + offsetMinutes * 60_000);
  const fraction = String((wall.getUTCMilliseconds() * 1000 + micros) / 1e6).slice(1); // '.42273' or ''
  const sign = offsetMinutes < 0 ? '-' : '+';
  const h = Math.floor(Math.abs(offsetMinutes) / 60);
  const m = Math.abs(offsetMinutes) % 60;
  return `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())} ${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}${fraction}${sign}${pad(h)}${m ? `:${pad(m)}` : ''}`;
}

const instant = fc.integer({ min: Date.parse('0001-01-02T00:00:00Z'), max: Date.UTC(9999, 11, 30) });
const offset = fc.oneof(fc.constant(0), fc.integer({ min: -12, max: 14 }).map((h) => h * 60), fc.constantFrom(330, -210, 345, 525, -570));

describe('parsePgDate', () => {
  it('reads a timestamptz as the instant it names, as V8 reads it, whatever its zone and fraction', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 0, max: 999 }), offset, (ms, micros, minutes) => {
        const text = pgText(ms, micros, minutes);
        expect(parsePgDate(text).getTime()).toBe(ms);
        // V8's legacy parser reads years before 100 as 19xx or 20xx; ours reads them as written.
        if (ms >= Date.UTC(100, 0, 2)) expect(parsePgDate(text).getTime()).toBe(new Date(text).getTime());
      }),
      { numRuns: 5000 },
    );
  });

  it('reads a date as midnight UTC, as V8 reads it', () => {
    fc.assert(
      fc.property(instant, (ms) => {
        const text = new Date(ms).toISOString().slice(0, 10);
        expect(parsePgDate(text).getTime()).toBe(new Date(text).getTime());
      }),
    );
  });

  it('reads an offset with seconds (historical zones), which V8 cannot', () => {
    expect(parsePgDate('1890-06-01 12:00:00+00:19:32').toISOString()).toBe('1890-06-01T11:40:28.000Z');
    expect(parsePgDate('1890-06-01 12:00:00-00:19:32').toISOString()).toBe('1890-06-01T12:19:32.000Z');
    expect(parsePgDate('0099-12-31 20:29:08-03:30:52').toISOString()).toBe('0100-01-01T00:00:00.000Z');
  });

  it('leaves any other text to V8, as before', () => {
    for (const text of ['infinity', '-infinity', '2026-11-25 02:59:45 BC', '12026-11-25 02:59:45+00',
      '2026-11-25 02:59:45', '2026-11-25T02:59:45Z', '2026-11-25 02:59:45.+00', '2026-11-25 2:59:45+00', '2026-13-01', '2026-11-25 02:59:45+0', '2026-11-25 02:59:45+05:99', '1890-06-01 12:00:00+00:19:99', '', 'not a date']) {
      const ours = parsePgDate(text).getTime();
      const v8 = new Date(text).getTime();
      expect(Number.isNaN(ours) ? 'invalid' : ours, text).toBe(Number.isNaN(v8) ? 'invalid' : v8);
    }
  });
});

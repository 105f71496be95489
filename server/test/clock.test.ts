import { afterEach, describe, expect, it, vi } from 'vitest';
import { awayFromMidnight } from './clock';

describe('awayFromMidnight', () => {
  afterEach(() => vi.useRealTimers());

  const settle = async (from: string, zones: string[]) => {
    vi.useFakeTimers({ now: new Date(from) });
    let done = false;
    const waiting = awayFromMidnight(zones).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    const immediately = done;
    await vi.runAllTimersAsync();
    await waiting;
    return { immediately, at: new Date(Date.now()).toISOString() };
  };

  it('returns at once in the middle of the day', async () => {
    expect(await settle('2026-11-25T12:00:00Z', ['UTC'])).toEqual({ immediately: true, at: '2026-11-25T12:00:00.000Z' });
  });

  it('waits until two minutes past a midnight that is about to come or has just gone', async () => {
    expect(await settle('2026-11-25T23:59:30Z', ['UTC'])).toEqual({ immediately: false, at: '2026-11-26T00:02:00.000Z' });
    expect(await settle('2026-11-26T00:00:45Z', ['UTC'])).toEqual({ immediately: false, at: '2026-11-26T00:02:00.000Z' });
  });

  it("minds each zone's own midnight", async () => {
    // Midnight in Tokyo is 15:00 UTC.
    expect(await settle('2026-11-25T14:59:00Z', ['UTC', 'Asia/Tokyo'])).toEqual({ immediately: false, at: '2026-11-25T15:02:00.000Z' });
    expect((await settle('2026-11-25T14:59:00Z', ['UTC'])).immediately).toBe(true);
  });
});

const DAY = 86_400_000;

/** Milliseconds since the last local midnight in `timeZone` (summer-time days are 23 or 25 hours; near enough here). */
function sinceLocalMidnight(timeZone: string, at: number) {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', hour: 'numeric', minute: 'numeric', second: 'numeric' }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return ((part('hour') * 60 + part('minute')) * 60 + part('second')) * 1000 + (at % 1000);
}

/**
 * Waits until no zone's date changes within `margin` of now: tests that work out "today" and "N days
 * ago" in code, beside a database that works them out with now(), must not straddle a midnight.
 * Returns at once on all but a few minutes of the day.
 */
export async function awayFromMidnight(timeZones: string[], margin = 2 * 60_000) {
  for (;;) {
    const now = Date.now();
    const waits = timeZones.map((zone) => {
      const since = sinceLocalMidnight(zone, now);
      if (since < margin) return margin - since;
      if (DAY - since < margin) return DAY - since + margin;
      return 0;
    });
    const wait = Math.max(...waits);
    if (wait === 0) return;
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

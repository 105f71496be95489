import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserTimeZone } from './period';

/** The browser reports `zone` as its own. */
function browserIn(zone: string | undefined) {
  const options = new Intl.DateTimeFormat().resolvedOptions();
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ ...options, timeZone: zone! });
}

describe('browserTimeZone', () => {
  afterEach(() => vi.restoreAllMocks());

  it("sends the browser's own zone", () => {
    browserIn('America/New_York');
    expect(browserTimeZone()).toBe('America/New_York');
  });

  it('counts days in UTC when the browser names no zone the app knows (Chromium says Etc/Unknown when it cannot map the system zone)', () => {
    for (const zone of ['Etc/Unknown', 'Foo/Bar', '', undefined]) {
      browserIn(zone);
      expect(browserTimeZone(), String(zone)).toBe('UTC');
    }
  });
});

import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('settings', () => {
  it('refuses malformed settings, every one named in one message, rather than quietly using a default', () => {
    const env = {
      PORT: 'abc',
      PUBLIC_ORIGIN: 'library.example.org',
      LOG_LEVEL: 'verbose',
      TRUST_PROXY: 'maybe',
      SESSION_IDLE_DAYS: '0',
      GOOGLE_CLIENT_ID: 'only-the-id',
      WEB_CONCURRENCY: 'many',
    };
    const error = (() => {
      try {
        loadConfig(env);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message.split('\n')).toEqual([
      'PUBLIC_ORIGIN must be an http or https address (it is "library.example.org").',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (it is "verbose").',
      'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together: set both, or neither.',
      'PORT must be a whole number from 0 to 65535 (it is "abc").',
      'TRUST_PROXY must be true or false (it is "maybe").',
      'SESSION_IDLE_DAYS must be a whole number from 1 to 3650 (it is "0").',
      'WEB_CONCURRENCY must be a whole number from 1 to 64 (it is "many").',
    ]);
  });

  it('takes PUBLIC_ORIGIN as the origin a browser names: a trailing slash is dropped, a path refused', () => {
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://library.example.org/' }).publicOrigin).toBe('https://library.example.org');
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://library.example.org/' }).secureCookies).toBe(true);
    expect(() => loadConfig({ PUBLIC_ORIGIN: 'https://example.org/library' })).toThrow('PUBLIC_ORIGIN must be scheme://host[:port] with no path');
  });

  it('seeds the demo accounts (published passwords) only on the embedded database, unless asked', () => {
    expect(loadConfig({}).seedDemoData).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemoData).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/scroll' }).seedDemoData).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/scroll', SEED_DEMO_DATA: 'true' }).seedDemoData).toBe(true);
    expect(loadConfig({ SEED_DEMO_DATA: 'false' }).seedDemoData).toBe(false);
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_SHUTDOWN_GRACE_MS, loadConfig, loadEnvFile } from './config';
import { REQUEST_STATEMENT_TIMEOUT_MS } from './db/orm';

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
      REGISTRATIONS_PER_ADDRESS_PER_HOUR: '0',
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
      'TRUST_PROXY must be true or false (it is "maybe").',
      'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together: set both, or neither.',
      'PORT must be a whole number from 0 to 65535 (it is "abc").',
      'SESSION_IDLE_DAYS must be a whole number from 1 to 3650 (it is "0").',
      'REGISTRATIONS_PER_ADDRESS_PER_HOUR must be a whole number from 1 to 100000 (it is "0").',
      'WEB_CONCURRENCY must be a whole number from 1 to 64 (it is "many").',
    ]);
  });

  it('takes PUBLIC_ORIGIN as the origin a browser names: a trailing slash is dropped, a path refused', () => {
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://library.example.org/' }).publicOrigin).toBe('https://library.example.org');
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://library.example.org/' }).secureCookies).toBe(true);
    expect(() => loadConfig({ PUBLIC_ORIGIN: 'https://example.org/library' })).toThrow('PUBLIC_ORIGIN must be scheme://host[:port] with no path');
  });

  it('seeds the demo accounts (published passwords) only on the embedded database listening on loopback, unless asked', () => {
    expect(loadConfig({}).seedDemoData).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemoData).toBe(true);
    for (const host of ['127.0.0.1', '::1', 'localhost']) expect(loadConfig({ NODE_ENV: 'production', HOST: host }).seedDemoData, host).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/scroll' }).seedDemoData).toBe(false);
    // The image run on its own: others reach it, and would sign in as the platform admin by the README's password.
    for (const host of ['0.0.0.0', '::', '192.168.1.20']) expect(loadConfig({ NODE_ENV: 'production', HOST: host }).seedDemoData, host).toBe(false);
    expect(loadConfig({ HOST: '0.0.0.0', SEED_DEMO_DATA: 'true' }).seedDemoData).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/scroll', SEED_DEMO_DATA: 'true' }).seedDemoData).toBe(true);
    expect(loadConfig({ SEED_DEMO_DATA: 'false' }).seedDemoData).toBe(false);
  });

  it('seeds no demo accounts, and offers no local OpenID provider, to a site a proxy on this machine serves to others', () => {
    const behindProxy = [{ PUBLIC_ORIGIN: 'https://library.example.org' }, { TRUST_PROXY: 'true' }, { PUBLIC_ORIGIN: 'http://192.168.1.20:3000' }];
    for (const settings of behindProxy) {
      const config = loadConfig({ NODE_ENV: 'production', HOST: '127.0.0.1', ...settings });
      expect(config.seedDemoData, JSON.stringify(settings)).toBe(false);
      expect(config.localOidc, JSON.stringify(settings)).toBe(false);
    }
    // Named by this machine's own address, it is still a demo here.
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']) {
      expect(loadConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: origin }).seedDemoData, origin).toBe(true);
      expect(loadConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: origin }).localOidc, origin).toBe(true);
    }
    const asked = loadConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://library.example.org', SEED_DEMO_DATA: 'true', LOCAL_OIDC: 'true' });
    expect(asked.seedDemoData).toBe(true);
    expect(asked.localOidc).toBe(true);
  });

  it('takes DATABASE_URL only as a postgres: or postgresql: address that names a database, without repeating it (it may hold a password)', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://scroll:secret@db:5432/scroll_library' }).databaseUrl).toBe('postgres://scroll:secret@db:5432/scroll_library');
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/scroll' }).databaseUrl).toBe('postgresql://db/scroll');
    // The form the primary hands its workers for the embedded cluster: its Unix socket's folder as the host.
    expect(loadConfig({ DATABASE_URL: 'postgres://scroll:scroll-local@%2Ftmp:5432/scroll_library' }).databaseUrl).toContain('%2Ftmp');
    const must = 'DATABASE_URL must be postgres://user:password@host:5432/database';
    expect(() => loadConfig({ DATABASE_URL: 'notaurl' })).toThrow(`${must} (it is not a URL).`);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://root:hunter2@db/scroll' })).toThrow(`${must} (its scheme is mysql).`);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://root:hunter2@db:5432/' })).toThrow(`${must} (it names no database).`);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://root:hunter2@db/scroll' })).not.toThrow('hunter2');
  });

  it('takes NODE_ENV as production, development or test only: another would quietly turn on the local OpenID provider', () => {
    for (const nodeEnv of ['production', 'development', 'test']) expect(loadConfig({ NODE_ENV: nodeEnv }).host).toBe('127.0.0.1');
    for (const nodeEnv of ['prod', 'Production', 'staging']) {
      expect(() => loadConfig({ NODE_ENV: nodeEnv, DATABASE_URL: 'postgres://db/scroll' })).toThrow(`NODE_ENV must be one of production, development, test (it is "${nodeEnv}").`);
    }
  });

  it('refuses LOCAL_OIDC_PORT equal to PORT while the local OpenID provider is on: both cannot listen on one port', () => {
    expect(() => loadConfig({ PORT: '3000', LOCAL_OIDC_PORT: '3000' })).toThrow(
      'LOCAL_OIDC_PORT must differ from PORT: the local OpenID provider listens on a port of its own (both are 3000).',
    );
    expect(loadConfig({ PORT: '3000', LOCAL_OIDC_PORT: '3000', LOCAL_OIDC: 'false' }).port).toBe(3000);
    expect(loadConfig({ PORT: '0', LOCAL_OIDC_PORT: '0' }).localOidc).toBe(true);
    expect(loadConfig({ PORT: '3000', LOCAL_OIDC_PORT: '3001' }).localOidcPort).toBe(3001);
  });

  it('waits SHUTDOWN_GRACE_MS at a stop for the requests in flight: by default longer than a request statement may run', () => {
    expect(loadConfig({}).shutdownGraceMs).toBe(DEFAULT_SHUTDOWN_GRACE_MS);
    expect(DEFAULT_SHUTDOWN_GRACE_MS).toBeGreaterThan(REQUEST_STATEMENT_TIMEOUT_MS);
    expect(loadConfig({ SHUTDOWN_GRACE_MS: '0' }).shutdownGraceMs).toBe(0);
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: '15s' })).toThrow('SHUTDOWN_GRACE_MS must be a whole number from 0 to 600000 (it is "15s").');
  });

  it('takes HOST as a hostname or an IP address', () => {
    for (const host of ['127.0.0.1', '0.0.0.0', '::', '::1', 'localhost', 'app.internal.example.org']) expect(loadConfig({ HOST: host }).host).toBe(host);
    for (const host of ['not a host', 'http://localhost', '127.0.0.1:3000', '[::1]', '-bad.example']) {
      expect(() => loadConfig({ HOST: host })).toThrow(`HOST must be a hostname or an IP address, such as 127.0.0.1 or 0.0.0.0 (it is "${host}").`);
    }
  });

  it('offers the local OpenID provider in production only to a demo on this machine: the embedded database, on loopback', () => {
    for (const host of ['127.0.0.1', '::1', 'localhost']) expect(loadConfig({ NODE_ENV: 'production', HOST: host }).localOidc, host).toBe(true);
    // Others reach the app (the image listens on 0.0.0.0): the provider would sign anyone in as any password-less account.
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'app.internal.example.org']) expect(loadConfig({ NODE_ENV: 'production', HOST: host }).localOidc, host).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', HOST: '0.0.0.0', LOCAL_OIDC: 'true' }).localOidc).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/scroll' }).localOidc).toBe(false);
    expect(loadConfig({ HOST: '0.0.0.0' }).localOidc).toBe(true);
  });

  it('keeps the local OpenID provider to one process: with more workers it is off and says so, or refused when asked for', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).localOidc).toBe(true);
    const twoWorkers = loadConfig({ NODE_ENV: 'production', WEB_CONCURRENCY: '2' });
    expect(twoWorkers.localOidc).toBe(false);
    expect(twoWorkers.notices).toEqual([
      'Sign-in with Google is off: the local OpenID provider that stands in for it serves one process, not 2 (WEB_CONCURRENCY); set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or WEB_CONCURRENCY=1.',
    ]);
    expect(() => loadConfig({ WEB_CONCURRENCY: '2', LOCAL_OIDC: 'true' })).toThrow('LOCAL_OIDC=true needs WEB_CONCURRENCY=1: the local OpenID provider serves one process (WEB_CONCURRENCY is 2).');
    // Google itself, or no Google sign-in asked for: nothing to say.
    expect(loadConfig({ WEB_CONCURRENCY: '2', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }).notices).toEqual([]);
    expect(loadConfig({ WEB_CONCURRENCY: '2', LOCAL_OIDC: 'false' }).notices).toEqual([]);
    expect(loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/scroll', WEB_CONCURRENCY: '2' }).notices).toEqual([]);
  });
});

describe('the .env file', () => {
  it('read: its settings apply, the environment winning; a folder in its place is said in a line, not a stack trace', () => {
    const dir = mkdtempSync(join(tmpdir(), 'scroll-env-'));
    const saved = { ...process.env };
    try {
      writeFileSync(join(dir, '.env'), 'SCROLL_TEST_FROM_FILE=file\nSCROLL_TEST_BOTH=file\n');
      process.env.SCROLL_TEST_BOTH = 'environment';
      loadEnvFile(join(dir, '.env'));
      expect(process.env.SCROLL_TEST_FROM_FILE).toBe('file');
      expect(process.env.SCROLL_TEST_BOTH).toBe('environment');

      mkdirSync(join(dir, 'folder.env'));
      const error = (() => {
        try {
          loadEnvFile(join(dir, 'folder.env'));
        } catch (thrown) {
          return thrown;
        }
      })();
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toBe(`${join(dir, 'folder.env')} is not a file: the settings file must be one (see .env.example).`);
    } finally {
      process.env = saved;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

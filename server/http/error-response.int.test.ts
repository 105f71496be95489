import { type AddressInfo, createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { initOrm } from '../db/orm';
import { UNAVAILABLE_MESSAGE } from './error-response';

const logLines: string[] = [];
let app: Awaited<ReturnType<typeof buildApp>>;

/** A port nothing listens on any more: PostgreSQL there refuses every connection. */
async function closedPort() {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

beforeAll(async () => {
  const orm = await initOrm(`postgres://scroll:x@127.0.0.1:${await closedPort()}/scroll_library`, { connect: false });
  const config = { ...loadConfig({}), seedDemoData: false, localOidc: true, googleClientId: undefined };
  app = await buildApp({ orm, config, logger: { level: 'warn', stream: { write: (line: string) => logLines.push(line) } } });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await orm.close();
  });
});

describe('a database that refuses connections', () => {
  it("makes the sign-in popup's rate limit a 503 that names nothing of the driver, logged with the driver's reason", async () => {
    const res = await app.inject({ method: 'GET', url: '/_api/auth/oauth_authorize?provider=google' });
    expect(res.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|rate_limits/);
    expect(res.statusCode).toBe(503);
    // The popup's page, posting the failure to the opener.
    expect(JSON.parse(/var message = (.*);/.exec(res.body)![1])).toEqual({
      type: 'OAUTH_ERROR',
      error: { code: 'oauth_failed', message: UNAVAILABLE_MESSAGE, details: {} },
    });
    const warning = logLines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'database unavailable');
    expect(warning?.reason).toMatch(/ECONNREFUSED/);
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settle } from './load';

let server: Server | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await new Promise((done) => (server ? server.close(done) : done(undefined)));
  server = undefined;
});

/** A server answering every request at once with `status`. */
async function answering(status: number) {
  server = createServer((_req, res) => res.writeHead(status).end());
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

describe('settle, the wait before each scenario', () => {
  it('takes a refusal answered at once for a settled server (the bare session check without a cookie answers 401)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await settle(await answering(401), 2_000);
    expect(warn).not.toHaveBeenCalled();
  });

  it('waits out a server that answers with errors, and says it gave up', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const url = await answering(503);
    await settle(url, 600);
    expect(warn).toHaveBeenCalledWith(`[bench] ${url} did not answer within 100 ms for 0.6 s; measuring anyway`);
  });
});

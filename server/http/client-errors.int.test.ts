import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});

/** What the server answers `request`, written as is on a new connection, read to its end. */
function exchange(request: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(request));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (text += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body });
    });
  });
}

describe('requests refused before any route', () => {
  it('a malformed escape in the address is a 400 in the app\'s words, not echoed and naming nothing of the framework', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/_api/books/%ZZ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'The request could not be read.', message: 'The request could not be read.', code: 'BAD_REQUEST' });
    // With the headers of every answer (a path that does not decode reaches no data call: a page's), and
    // the id that names the request in the log.
    for (const url of ['/_api/books/%ZZ', '/%E0%A4%A']) {
      const refused = await t.app.inject({ method: 'GET', url });
      expect(refused.statusCode).toBe(400);
      expect(refused.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY', 'x-request-id': expect.any(String) });
      expect(refused.headers['content-security-policy']).toContain("object-src 'none'");
    }
  });

  it('an address or headers too long for the server are a 431 in the app\'s shape', async () => {
    const res = await exchange(`GET /_api/books?libraryId=1&search=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.headers).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(res.body)).toEqual({ error: "The request's address or headers are too long.", message: "The request's address or headers are too long.", code: 'REQUEST_HEADER_FIELDS_TOO_LARGE' });
  });

  it('a request Node cannot parse is a 400 in the app\'s shape', async () => {
    const res = await exchange('GET /_api/libraries HTTP/1.1\r\nHost: 127.0.0.1\r\nThis is not a header\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ error: 'The request could not be read.', message: 'The request could not be read.', code: 'BAD_REQUEST' });
  });
});

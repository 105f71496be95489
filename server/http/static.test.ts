import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { registerClient } from './static';

describe('serving the built client', () => {
  const dir = mkdtempSync(join(tmpdir(), 'scroll-client-'));
  mkdirSync(join(dir, 'prerendered'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), 'shell');
  writeFileSync(join(dir, 'prerendered/index.html'), 'landing');
  writeFileSync(join(dir, 'prerendered/login.html'), 'login');
  writeFileSync(join(dir, 'assets/app.js'), 'app');
  const app = Fastify();
  // As app.ts registers them: the cookie parser first.
  const ready = app.register(fastifyCookie).then(() => registerClient(app, dir)).then(() => app.ready());
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const get = async (url: string, headers: Record<string, string> = {}) => {
    await ready;
    const response = await app.inject({ method: 'GET', url, headers });
    return { status: response.statusCode, body: response.body };
  };

  it('sends the prerendered page at its own address, query or not', async () => {
    expect(await get('/')).toEqual({ status: 200, body: 'landing' });
    expect(await get('/login')).toEqual({ status: 200, body: 'login' });
    expect(await get('/login?from=header')).toEqual({ status: 200, body: 'login' });
  });

  it('sends the app rather than the signed-out prerender to a browser with a session cookie', async () => {
    for (const cookie of ['scroll_session=abc', 'theme=dark; scroll_session=abc', 'a=1;scroll_session=abc;b=2']) {
      expect(await get('/', { cookie }), cookie).toEqual({ status: 200, body: 'shell' });
      expect(await get('/login', { cookie }), cookie).toEqual({ status: 200, body: 'shell' });
    }
    // Another cookie, one that merely ends with the name, or an emptied one (a logout clears it): the prerender.
    for (const cookie of ['theme=dark', 'old_scroll_session=abc', 'scroll_session=', 'scroll_session=; theme=dark']) {
      expect(await get('/', { cookie }), cookie).toEqual({ status: 200, body: 'landing' });
    }
    await ready;
    // A cache between must not give one visitor's page to the other.
    expect((await app.inject({ method: 'GET', url: '/' })).headers.vary).toBe('cookie');
  });

  it('sends index.html at every other address the client routes, and the files as they are', async () => {
    for (const url of ['/dashboard', '/kiosk/1', '/index', '/login/', '/index.html']) expect(await get(url), url).toEqual({ status: 200, body: 'shell' });
    expect(await get('/assets/app.js')).toEqual({ status: 200, body: 'app' });
  });

  it('sends index.html to a browser opening an address with a dot as a page, and a missing file to anything else as 404', async () => {
    const page = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
    for (const url of ['/kiosk/1.5', '/dashboard.old', '/assets/gone.js']) {
      expect(await get(url, page), url).toEqual({ status: 200, body: 'shell' });
      expect((await get(url, { accept: '*/*' })).status, url).toBe(404);
    }
    expect(await get('/assets/app.js', page)).toEqual({ status: 200, body: 'app' });
    expect((await get('/_api/nothing.json', page)).status).toBe(404);
  });

  it('answers HEAD as GET would, without the body', async () => {
    await ready;
    for (const url of ['/', '/login', '/dashboard', '/assets/app.js']) {
      const head = await app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['content-type'], url).toMatch(/^(text\/html|application\/javascript)/);
      expect(head.body, url).toBe('');
    }
    expect((await app.inject({ method: 'HEAD', url: '/_api/nothing' })).statusCode).toBe(404);
  });

  it('answers unknown API addresses, missing files and other methods with 404', async () => {
    // A chunk of an older build, asked for by a page still open: a script loader must see it missing, not get the page.
    for (const url of ['/assets/quagga.min-0ldHash.js', '/assets/gone.css', '/icons/none.png']) expect((await get(url)).status, url).toBe(404);
    expect((await get('/_api/nothing')).status).toBe(404);
    expect((await get('/trpc/nothing')).status).toBe(404);
    // Percent-encoded, as the router decodes them: still API addresses, not pages.
    for (const url of ['/%5Fapi/nothing', '/%5fapi/nothing', '/%74rpc/nothing']) expect((await get(url)).status, url).toBe(404);
    await ready;
    expect((await app.inject({ method: 'POST', url: '/login' })).statusCode).toBe(404);
  });
});

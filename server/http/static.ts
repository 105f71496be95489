import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { notFound } from '../errors';
import { SESSION_COOKIE } from '../services/sessions';
import { sendError } from './error-response';
import { routerPath } from './security';

const answerNotFound = (reply: FastifyReply) => sendError(reply, notFound('Not found'));

/** The pages the build prerendered (vite.config.ts), by path: prerendered/index.html is /, prerendered/login.html is /login. */
function prerenderedPages(clientDir: string): Map<string, string> {
  const dir = resolve(clientDir, 'prerendered');
  const names = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.html')) : [];
  return new Map(names.map((name) => [name === 'index.html' ? '/' : `/${name.slice(0, -'.html'.length)}`, `prerendered/${name}`]));
}

/**
 * Serves the built client: its files, a prerendered page at its own address and index.html at every other
 * address the client routes, to GET and to HEAD (a link checker, a monitor). Unknown API addresses and files,
 * and everything without a built client, are 404.
 *
 * A prerendered page is the page as a visitor who is not signed in sees it (Sign In, Get Started). A browser
 * with a session cookie gets index.html there too: the app starts from the account it kept, where the
 * prerendered page would show those buttons to a signed-in user until the app had started.
 */
export async function registerClient(app: FastifyInstance, clientDir: string | undefined) {
  if (!clientDir || !existsSync(resolve(clientDir, 'index.html'))) {
    app.setNotFoundHandler((_req, reply) => answerNotFound(reply));
    return;
  }
  // preCompressed: the build writes .br and .gz beside each asset (scripts/compress-client.ts).
  await app.register(fastifyStatic, { root: resolve(clientDir), wildcard: false, index: false, maxAge: 0, preCompressed: true });
  const prerendered = prerenderedPages(clientDir);
  app.setNotFoundHandler((req, reply) => {
    // Decoded, as the router reads it: `/%5Fapi/nope` is an unknown API address too.
    const path = routerPath(req.url);
    // A missing file (a chunk of an older build, say) is a 404: as index.html it would reach a script
    // loader as HTML with a 200, and fail in a way the page cannot explain. An address with a dot that a
    // browser opens as a page (/kiosk/1.5, a mistyped link) gets the app, which says what is wrong.
    const isFile = path !== null && /\.[a-z0-9]+$/i.test(path) && !req.headers.accept?.includes('text/html');
    const isApi = path === null || path.startsWith('/_api') || path.startsWith('/trpc');
    if ((req.method === 'GET' || req.method === 'HEAD') && !isFile && !isApi) {
      reply.header('cache-control', 'no-cache');
      const page = prerendered.get(path!);
      if (!page) return reply.sendFile('index.html');
      // req.cookies: @fastify/cookie, registered before this (app.ts).
      return reply.header('vary', 'cookie').sendFile(req.cookies?.[SESSION_COOKIE] ? 'index.html' : page);
    }
    return answerNotFound(reply);
  });
}

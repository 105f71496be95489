import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import type { Orm } from './db/orm';
import { registerManifest } from './http/manifest';
import { registerSecurity } from './http/security';
import { registerRestFacade, sendError } from './rest/adapter';
import { type AppRouter, appRouter } from './routers';
import { registerGoogleSignIn } from './services/oauth/routes';
import { createContext, type ContextDeps } from './trpc/context';
import { logFailure } from './trpc/init';

export interface AppOptions {
  orm: Orm;
  config: Config;
  /** Built client to serve (index.html and assets); omitted in tests and in `npm run dev`. */
  clientDir?: string;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the Fastify app; never listens (main.ts does). */
export async function buildApp({ orm, config, clientDir, logger = false }: AppOptions) {
  const app = Fastify({
    logger,
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    routerOptions: { maxParamLength: 5000 },
    genReqId: () => crypto.randomUUID(),
  });
  const deps: ContextDeps = { em: orm.em, config };
  // Before any route: Fastify gives each route the error handler in force when it is added.
  app.setErrorHandler((error, _req, reply) => {
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      const [message, code] =
        status === 413
          ? ['The request body is too large.', 'PAYLOAD_TOO_LARGE']
          : status === 415
            ? ['Requests must be sent as JSON.', 'UNSUPPORTED_MEDIA_TYPE']
            : ['The request could not be read.', 'BAD_REQUEST'];
      return reply.status(status).send({ error: message, message, code });
    }
    return sendError(reply, error);
  });

  await app.register(fastifyCookie);
  registerSecurity(app, config);

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: ({ req, res }) => createContext(deps, req, res),
      onError: ({ error, path, req }) => logFailure(req.log, error, path ?? req.url),
    },
  } satisfies FastifyTRPCPluginOptions<AppRouter>);

  registerRestFacade(app, deps);
  registerManifest(app);
  await registerGoogleSignIn(app, deps);

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_req, reply) => {
    try {
      await orm.em.getConnection().execute('select 1');
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ status: 'unavailable', error: 'Database unreachable', message: 'Database unreachable' });
    }
  });

  if (clientDir && existsSync(resolve(clientDir, 'index.html'))) {
    // preCompressed: the build writes .br and .gz beside each asset (scripts/compress-client.ts).
    await app.register(fastifyStatic, { root: resolve(clientDir), wildcard: false, index: false, maxAge: 0, preCompressed: true });
    // The pages the build prerendered (vite.config.ts): prerendered/index.html for /, prerendered/login.html for /login.
    const prerenderedDir = resolve(clientDir, 'prerendered');
    const prerendered = new Map(
      (existsSync(prerenderedDir) ? readdirSync(prerenderedDir) : [])
        .filter((name) => name.endsWith('.html'))
        .map((name) => [name === 'index.html' ? '/' : `/${name.slice(0, -'.html'.length)}`, `prerendered/${name}`]),
    );
    app.setNotFoundHandler((req, reply) => {
      if (req.method === 'GET' && !req.url.startsWith('/_api') && !req.url.startsWith('/trpc')) {
        return reply.header('cache-control', 'no-cache').sendFile(prerendered.get(req.url.split('?')[0]) ?? 'index.html');
      }
      return reply.status(404).send({ error: 'Not found', message: 'Not found', code: 'NOT_FOUND' });
    });
  } else {
    app.setNotFoundHandler((_req, reply) => reply.status(404).send({ error: 'Not found', message: 'Not found', code: 'NOT_FOUND' }));
  }

  return app;
}

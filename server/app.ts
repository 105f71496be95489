import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type pino from 'pino';
import type { Config } from './config';
import type { Orm } from './db/orm';
import { answerClientError } from './http/client-errors';
import { sendError } from './http/error-response';
import { readJsonBodiesStrictly } from './http/json-body';
import { RequestLog, RequestLogger } from './http/logging';
import { registerManifest } from './http/manifest';
import { registerSecurity, setAnswerHeaders } from './http/security';
import { registerClient } from './http/static';
import { registerTrpc } from './http/trpc';
import { registerRestFacade } from './rest/adapter';
import { registerGoogleSignIn } from './services/oauth/routes';
import type { ContextDeps } from './trpc/context';

/** How long /readyz waits for the database's answer before it says the database is unreachable. */
const READY_TIMEOUT_MS = 2_000;

interface AppOptions {
  orm: Orm;
  config: Config;
  /** Built client to serve (index.html and assets); omitted in tests and in `npm run dev`. */
  clientDir?: string;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the Fastify app; never listens (serve.ts does). */
export async function buildApp({ orm, config, clientDir, logger = false }: AppOptions) {
  const app = Fastify({
    logger,
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    routerOptions: { maxParamLength: 5000 },
    genReqId: () => crypto.randomUUID(),
    // Requests refused before any route (a malformed address, or one Node could not parse) answer as every
    // refusal does, with the headers of every answer (no onRequest hook runs for them).
    frameworkErrors: (error, req, reply) => {
      setAnswerHeaders(req, reply, config);
      sendError(reply, error);
    },
    clientErrorHandler: answerClientError,
    logController: new RequestLog(),
    // Without a logger Fastify gives requests none, unless a factory is set.
    ...(logger ? { childLoggerFactory: (parent, bindings, options) => new RequestLogger(parent as pino.Logger, bindings, options) } : {}),
  });
  const deps: ContextDeps = { em: orm.em, config };
  // Before any route: Fastify gives each route the error handler in force when it is added.
  app.setErrorHandler((error, _req, reply) => sendError(reply, error));
  readJsonBodiesStrictly(app);

  await app.register(fastifyCookie);
  registerSecurity(app, config);

  await registerTrpc(app, deps);

  registerRestFacade(app, deps);
  registerManifest(app);
  await registerGoogleSignIn(app, deps);

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_req, reply) => {
    // A database that stops answering on a connection already open (a network cut, a stalled disk) would
    // hold the answer as long as it hangs: a health check needs it within seconds.
    let timer: NodeJS.Timeout | undefined;
    const silence = new Promise<never>((_, fail) => (timer = setTimeout(() => fail(new Error('no answer')), READY_TIMEOUT_MS)));
    try {
      await Promise.race([orm.em.getConnection().execute('select 1'), silence]);
      return { status: 'ready' };
    } catch {
      // A health answer of its own shape, {status: 'ready'} or this: no error to map, so no mapper.
      return reply.status(503).send({ status: 'unavailable', error: 'Database unreachable', message: 'Database unreachable' });
    } finally {
      clearTimeout(timer);
    }
  });

  await registerClient(app, clientDir);

  return app;
}

import { getErrorShape, getTRPCErrorFromUnknown, transformTRPCResponse, TRPCError } from '@trpc/server';
import { fastifyRequestHandler } from '@trpc/server/adapters/fastify';
import { getHTTPStatusCode } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TRPC_MAX_BATCH } from '../../shared/constants';
import { appRouter } from '../routers';
import { callProcedure, type Procedure, procedures } from '../trpc/call';
import { type ContextDeps, createContext } from '../trpc/context';
import { badRequest } from '../errors';
import { logFailure } from './error-response';
import { bodyText } from './json-body';

type CallType = 'query' | 'mutation';
interface Call {
  path: string;
  procedure: Procedure;
  /** The call's input as it came (superjson's `{json, meta}`), or undefined. */
  input: unknown;
}

const config = appRouter._def._config;
const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * The calls of a request that this endpoint answers itself, as tRPC would: queries by GET and
 * mutations by POST, batched or not, to procedures that exist, with readable JSON input. Anything
 * else (an unknown procedure, the wrong method, unreadable input, streaming) is null.
 */
function readCalls(req: FastifyRequest<{ Params: { path: string }; Querystring: Record<string, string | undefined> }>) {
  const type: CallType | null = req.method === 'GET' ? 'query' : req.method === 'POST' ? 'mutation' : null;
  if (!type || req.query.connectionParams !== undefined) return null;
  if (req.headers['trpc-accept'] !== undefined || /application\/jsonl/.test(String(req.headers.accept ?? ''))) return null;
  const batch = req.query.batch === '1';
  const paths = batch ? req.params.path.split(',') : [req.params.path];
  const found = paths.map((path) => procedures[path]);
  if (found.some((procedure) => procedure?._def.type !== type)) return null;
  const text = type === 'query' ? req.query.input : (req.body as string | undefined);
  if (type === 'mutation' && !text) return null;
  let inputs: unknown;
  try {
    inputs = text ? JSON.parse(text) : undefined;
  } catch {
    return null;
  }
  if (batch && inputs !== undefined && !isObject(inputs)) return null;
  const calls: Call[] = paths.map((path, i) => ({
    path,
    procedure: found[i]!,
    input: inputs === undefined ? undefined : batch ? (inputs as Record<string, unknown>)[i] : inputs,
  }));
  return { batch, type, calls };
}

/** The call's input revived by superjson; unreadable input is the caller's error, as in tRPC's handler. */
async function readInput(input: unknown) {
  if (input === undefined) return undefined;
  try {
    return config.transformer.input.deserialize(input);
  } catch (cause) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: cause instanceof Error ? cause.message : 'Invalid input', cause });
  }
}

async function answer(deps: ContextDeps, req: FastifyRequest, reply: FastifyReply, { batch, type, calls }: NonNullable<ReturnType<typeof readCalls>>) {
  const ctx = await createContext(deps, req, reply);
  const responses = await Promise.all(
    calls.map(async ({ path, procedure, input }, batchIndex) => {
      try {
        // Read once: each `.input()` of the procedure's chain asks for it, and mapErrors for its text check.
        let read: Promise<unknown> | undefined;
        const getRawInput = () => (read ??= (async () => readInput(input))());
        return { result: { data: await callProcedure(procedure, { path, ctx, batchIndex, getRawInput }) } };
      } catch (cause) {
        const error = getTRPCErrorFromUnknown(cause);
        logFailure(req.log, error, path);
        return { error: getErrorShape({ config, ctx, error, input, path, type }) };
      }
    }),
  );
  const untransformed = batch ? responses : responses[0];
  return reply
    .status(getHTTPStatusCode(untransformed))
    .header('vary', 'trpc-accept, accept')
    .header('content-type', 'application/json')
    .send(JSON.stringify(transformTRPCResponse(config, untransformed)));
}

const BATCH_TOO_LARGE = `A request may carry at most ${TRPC_MAX_BATCH} calls.`;

/**
 * A batch of more calls than TRPC_MAX_BATCH is refused whole, before any runs, as tRPC refuses a
 * request: one request is one request's work, and a batch of hundreds would multiply it unchecked
 * (the app's link sends a larger batch as several requests).
 */
function refuseLargeBatch(req: FastifyRequest<{ Params: { path: string }; Querystring: Record<string, string | undefined> }>, reply: FastifyReply) {
  if (req.query.batch !== '1' || req.params.path.split(',').length <= TRPC_MAX_BATCH) return false;
  sendRefusal(reply, 400, new TRPCError({ code: 'BAD_REQUEST', message: BATCH_TOO_LARGE, cause: badRequest(BATCH_TOO_LARGE) }));
  return true;
}

/** A request refused whole, before any call runs, in tRPC's error shape. */
function sendRefusal(reply: FastifyReply, status: number, error: TRPCError) {
  const shape = getErrorShape({ config, ctx: undefined, error, input: undefined, path: undefined, type: 'unknown' });
  return reply.status(status).header('content-type', 'application/json').send(JSON.stringify(transformTRPCResponse(config, { error: shape })));
}

/** tRPC is asked with GET (queries) and POST (changes); HEAD goes with GET. */
const ALLOW = 'GET, HEAD, POST, OPTIONS';

/**
 * tRPC at /trpc. The calls the app makes (see readCalls) are answered here, through callProcedure
 * (trpc/call.ts) with tRPC's own error shapes and status codes; every other request goes to tRPC's Fastify handler.
 * That handler turns each request into a Fetch Request with an AbortController and sends its answer
 * as a web stream: measured, the same session check cost the server 0.9-1.2 ms of CPU through it
 * against 0.4 ms through /_api.
 */
export async function registerTrpc(app: FastifyInstance, deps: ContextDeps) {
  await app.register(async (scope) => {
    // As tRPC's plugin does: the body is read as text, so unreadable JSON gets tRPC's own answer.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => {
      try {
        done(null, bodyText(body as Buffer));
      } catch (error) {
        done(error as Error, undefined);
      }
    });
    // Any other method: 405 naming those it takes (OPTIONS: 204 naming them), as the REST facade's paths answer,
    // before the security checks ask it for a JSON body (`wrongMethod`).
    scope.route({
      method: ['PUT', 'PATCH', 'DELETE'],
      url: '/trpc/:path',
      config: { wrongMethod: true },
      handler: (_req, reply) => sendRefusal(reply.header('allow', ALLOW), 405, new TRPCError({ code: 'METHOD_NOT_SUPPORTED' })),
    });
    scope.route({ method: 'OPTIONS', url: '/trpc/:path', config: { wrongMethod: true }, handler: (_req, reply) => reply.status(204).header('allow', ALLOW).send() });
    scope.route<{ Params: { path: string }; Querystring: Record<string, string | undefined> }>({ method: ['GET', 'POST'], url: '/trpc/:path', handler: async (req, reply) => {
      if (refuseLargeBatch(req, reply)) return reply;
      const calls = readCalls(req);
      if (calls) return answer(deps, req, reply, calls);
      await fastifyRequestHandler({
        router: appRouter,
        createContext: ({ req, res }) => createContext(deps, req, res),
        onError: ({ error, path }) => logFailure(req.log, error, path ?? req.url),
        req,
        res: reply,
        path: req.params.path,
      });
    } });
  });
}

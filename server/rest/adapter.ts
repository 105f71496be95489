import type { FastifyInstance, FastifyReply } from 'fastify';
import { badRequest } from '../errors';
import { sendError, UNREADABLE_BODY } from '../http/error-response';
import { answerOtherMethods } from '../http/other-methods';
import { deserializeInput, type Meta, type Paging } from '../trpc/init';
import { callProcedure, procedures } from '../trpc/call';
import { type ContextDeps, createContext } from '../trpc/context';
import { serializeOutputText } from '../trpc/serialize-output';

export interface RestRoute {
  method: 'GET' | 'POST';
  path: string;
  wire: 'json' | 'superjson';
  paging?: Paging;
  procedure: string;
}

/** The /_api table, read from each procedure's `meta.rest`: one place declares both doors. A row per path. */
export function restRoutes(): RestRoute[] {
  return Object.entries(procedures).flatMap(([procedure, def]) => {
    const rest = (def!._def.meta as Meta | undefined)?.rest;
    if (!rest) return [];
    const paths = typeof rest.path === 'string' ? [rest.path] : rest.path;
    return paths.map((path) => ({ ...rest, path, procedure }));
  });
}

/** Data calls may send superjson ({json, meta}); plain JSON is read as it is. */
function readInput(route: RestRoute, query: unknown, body: unknown) {
  if (route.method === 'GET') return query ?? {};
  if (route.wire === 'superjson' && body && typeof body === 'object' && 'json' in body) {
    try {
      return deserializeInput(body);
    } catch {
      throw badRequest(UNREADABLE_BODY);
    }
  }
  return body ?? {};
}

/**
 * A full page of a paged list names the next one in a Link header (RFC 8288): a caller of the documented
 * paths learns that more may follow, and how to ask for it. The last page, shorter than its limit, names none.
 */
function linkNextPage({ limit, cursor, rows: rowsOf }: Paging, path: string, query: Record<string, string>, reply: FastifyReply, answer: unknown) {
  const rows = rowsOf ? rowsOf(answer) : answer;
  if (!Array.isArray(rows) || rows.length === 0) return;
  const asked = limit({ ...query, limit: query.limit === undefined ? undefined : Number(query.limit) });
  if (asked === null || rows.length < asked) return;
  const next = new URLSearchParams(query);
  next.set('cursor', String((rows.at(-1) as Record<string, unknown>)[cursor]));
  reply.header('link', `<${path}?${next}>; rel="next"`);
}

export function registerRestFacade(app: FastifyInstance, deps: ContextDeps) {
  const allowedByPath = new Map<string, RestRoute['method'][]>();
  for (const route of restRoutes()) allowedByPath.set(route.path, [...(allowedByPath.get(route.path) ?? []), route.method]);
  for (const [path, allowed] of allowedByPath) answerOtherMethods(app, path, allowed);
  for (const route of restRoutes()) {
    const procedure = procedures[route.procedure]!;
    app.route({
      method: route.method,
      url: route.path,
      handler: async (req, reply) => {
        try {
          const ctx = await createContext(deps, req, reply);
          const input = readInput(route, req.query, req.body);
          const result = await callProcedure(procedure, { path: route.procedure, ctx, getRawInput: async () => input });
          if (route.paging) linkNextPage(route.paging, route.path, req.query as Record<string, string>, reply, result);
          if (route.wire === 'json') return reply.send(result);
          return reply.type('application/json; charset=utf-8').send(serializeOutputText(result));
        } catch (error) {
          return sendError(reply, error);
        }
      },
    });
  }
}

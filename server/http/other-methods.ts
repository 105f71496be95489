import type { FastifyInstance } from 'fastify';
import { methodNotSupported } from '../errors';
import { sendError } from './error-response';

/** The methods a route may be asked with that the app answers for a documented path, besides its own. */
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * A documented path asked with a method it does not take: 405, naming those it takes (RFC 9110, Allow);
 * OPTIONS: 204 naming them, and nothing else (no CORS: the API is for its own origin). Routes marked
 * `wrongMethod`, which the security checks skip: they do nothing but say so.
 */
export function answerOtherMethods(app: FastifyInstance, path: string, allowed: readonly string[]) {
  const allow = [...allowed, ...(allowed.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', ');
  const message = `This address is called with ${allowed.join(' or ')}.`;
  app.route({
    method: METHODS.filter((method) => !allowed.includes(method)),
    url: path,
    config: { wrongMethod: true },
    handler: (_req, reply) => sendError(reply.header('allow', allow), methodNotSupported(message)),
  });
  app.route({ method: 'OPTIONS', url: path, config: { wrongMethod: true }, handler: (_req, reply) => reply.status(204).header('allow', allow).send() });
}

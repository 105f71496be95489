import type { FastifyInstance } from 'fastify';
import { webAppManifest } from '../../shared/manifest';
import { answerOtherMethods } from './other-methods';

/** GET /_api/manifest: the same manifest the build links from the page (SPEC section 7). */
export function registerManifest(app: FastifyInstance) {
  answerOtherMethods(app, '/_api/manifest', ['GET']);
  app.get('/_api/manifest', async (_req, reply) =>
    reply.type('application/manifest+json').header('cache-control', 'no-cache').send(JSON.stringify(webAppManifest)),
  );
}

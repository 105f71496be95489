import type { FastifyInstance } from 'fastify';
import { webAppManifest } from '../../shared/manifest';

/** GET /_api/manifest: the same manifest the build links from the page (SPEC section 7). */
export function registerManifest(app: FastifyInstance) {
  app.get('/_api/manifest', async (_req, reply) =>
    reply.type('application/manifest+json').header('cache-control', 'no-cache').send(JSON.stringify(webAppManifest)),
  );
}

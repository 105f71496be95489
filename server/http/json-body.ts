import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors';
import { UNREADABLE_BODY } from './error-response';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A body's text, refused unless its bytes are UTF-8 throughout: read leniently, those that are not would
 * become U+FFFD, and a name or review would be saved other than as it was sent.
 */
export function bodyText(body: Buffer): string {
  try {
    return utf8.decode(body);
  } catch {
    throw badRequest(UNREADABLE_BODY);
  }
}

/** JSON bodies read by Fastify's own parser (its prototype-poisoning refusals), once bodyText has read them. */
export function readJsonBodiesStrictly(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
    let text: string;
    try {
      text = bodyText(body as Buffer);
    } catch (error) {
      return done(error as Error, undefined);
    }
    parse(req, text, done);
  });
}

import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { findSessionUser, SESSION_COOKIE } from '../services/sessions';
import type { UserRow } from '../services/users';
import { unavailableOrRethrow } from './init';

export interface Context {
  /** Forked per request; the global EntityManager is never used in a request. */
  em: EntityManager;
  config: Config;
  req: FastifyRequest;
  reply: FastifyReply;
  sessionToken: string | undefined;
  user: UserRow | null;
  clientIp: string;
}

export interface ContextDeps {
  em: EntityManager;
  config: Config;
}

export async function createContext(deps: ContextDeps, req: FastifyRequest, reply: FastifyReply): Promise<Context> {
  const em = deps.em.fork();
  const sessionToken = req.cookies[SESSION_COOKIE];
  // Reading the session happens before any procedure, so its failure is mapped here.
  const user = sessionToken ? await findSessionUser(em, sessionToken, deps.config).catch(unavailableOrRethrow) : null;
  return { ...deps, em, req, reply, sessionToken, user, clientIp: req.ip };
}

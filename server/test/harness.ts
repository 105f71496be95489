import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import superjson from 'superjson';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import type { Options } from '@mikro-orm/postgresql';
import { initOrm, type Orm } from '../db/orm';

import { TEMPLATE_DATABASE } from './template';

/** A fresh database for this test file, cloned from the migrated template. */
export async function createTestDatabase() {
  const server = inject('pgServerUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${server}/postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${TEMPLATE_DATABASE}"`);
  await admin.end();
  return `${server}/${name}`;
}

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  orm: Orm;
  config: Config;
  url: string;
  /** Runs SQL directly, for setting up and checking state. */
  sql<T = Record<string, any>>(text: string, params?: unknown[]): Promise<T[]>;
}

/**
 * A serving app gives up on a connection after 2 s and on a free one in the pool after 3 s, to answer an
 * outage at once (server/security/database-faults.int.test.ts holds it to that). A test's burst of requests
 * opening connections from cold on a loaded machine may take longer without any outage.
 */
export const TEST_POOL = {
  pool: { min: 0, max: 20, acquireTimeoutMillis: 30_000 },
  driverOptions: { connection: { connectionTimeoutMillis: 30_000 } },
} satisfies Partial<Options>;

/**
 * Builds the real app on a real database of its own; closed after the file's tests. The local
 * OpenID provider is started only for the files that sign in with it (`localOidc: true`).
 */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const url = await createTestDatabase();
  const orm = await initOrm(url, TEST_POOL);
  const config = { ...loadConfig({}), seedDemoData: false, localOidc: false, ...overrides };
  const app = await buildApp({ orm, config });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await orm.close();
  });
  return {
    app,
    orm,
    config,
    url,
    sql: async (text, params = []) => (await orm.em.getConnection().execute(text, params)) as any,
  };
}

export interface Response<T = any> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | undefined>;
  cookie?: string;
}

/**
 * A browser-like client: keeps the session cookie between calls and speaks both doors,
 * the REST facade (`rest`) and tRPC (`trpc`).
 */
export class Client {
  cookie?: string;
  constructor(private readonly t: TestApp) {}

  private remember(headers: Record<string, any>) {
    const setCookie = headers['set-cookie'];
    const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
    for (const c of list) {
      const [pair] = String(c).split(';');
      const [name, value] = pair.split('=');
      if (name === 'scroll_session') this.cookie = value ? `${name}=${value}` : undefined;
    }
  }

  async rest<T = any>(method: 'GET' | 'POST', url: string, payload?: unknown, opts: { superjson?: boolean } = {}): Promise<Response<T>> {
    const res = await this.t.app.inject({
      method,
      url,
      headers: { ...(this.cookie ? { cookie: this.cookie } : {}), ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
      ...(method === 'POST' ? { payload: JSON.stringify(opts.superjson ? superjson.serialize(payload ?? {}) : (payload ?? {})) } : {}),
    });
    this.remember(res.headers);
    let body: any = res.body ? JSON.parse(res.body) : undefined;
    if (opts.superjson && res.statusCode < 400 && body && 'json' in body) body = superjson.deserialize(body);
    return { status: res.statusCode, body, headers: res.headers as any, cookie: this.cookie };
  }

  /** Calls one tRPC procedure over HTTP (query by GET, mutation by POST), unwrapping superjson. */
  async trpc<T = any>(kind: 'query' | 'mutation', path: string, input?: unknown): Promise<Response<T>> {
    const encoded = encodeURIComponent(JSON.stringify(superjson.serialize(input)));
    const res = await this.t.app.inject({
      method: kind === 'query' ? 'GET' : 'POST',
      url: kind === 'query' ? `/trpc/${path}?input=${encoded}` : `/trpc/${path}`,
      headers: { ...(this.cookie ? { cookie: this.cookie } : {}), ...(kind === 'mutation' ? { 'content-type': 'application/json' } : {}) },
      ...(kind === 'mutation' ? { payload: JSON.stringify(superjson.serialize(input)) } : {}),
    });
    this.remember(res.headers);
    const raw = JSON.parse(res.body);
    const body = raw.error ? raw.error.json : superjson.deserialize(raw.result.data);
    return { status: res.statusCode, body, headers: res.headers as any, cookie: this.cookie };
  }
}

let counter = 0;
/** A unique email for a factory-made account. */
export const uniqueEmail = (prefix = 'user') => `${prefix}${++counter}.${randomBytes(3).toString('hex')}@example.test`;

/**
 * Follows a paged /_api list's Link headers (rel="next") from its first page: every row, and each address
 * asked. `rowsOf` finds the rows in an answer that is not the list itself (`{customers: [...]}`).
 */
export async function followPages<T = any>(client: Client, first: string, rowsOf: (body: any) => T[] = (body) => body) {
  const rows: T[] = [];
  const urls = [first];
  for (;;) {
    const res = await client.rest('GET', urls.at(-1)!, undefined, { superjson: true });
    if (res.status !== 200) throw new Error(`${urls.at(-1)}: ${res.status} ${JSON.stringify(res.body)}`);
    rows.push(...rowsOf(res.body));
    const next = /^<([^>]+)>; rel="next"$/.exec(String(res.headers.link ?? ''));
    if (!next) return { rows, urls };
    urls.push(next[1]!);
  }
}

/** Registers a new account through the API and returns a signed-in client. */
export async function signUp(t: TestApp, values: { displayName?: string; email?: string; password?: string } = {}) {
  const client = new Client(t);
  const email = values.email ?? uniqueEmail();
  const res = await client.rest('POST', '/_api/auth/register_with_password', {
    email,
    password: values.password ?? 'Password123',
    displayName: values.displayName ?? 'Test Reader',
  });
  if (res.status !== 200) throw new Error(`sign-up failed: ${JSON.stringify(res.body)}`);
  return { client, user: res.body.user as { id: number; email: string; displayName: string; role: string } };
}

/** Makes an account a given role directly in the database (as the make-admin command does). */
export async function setRole(t: TestApp, userId: number, role: string) {
  await t.sql(`update users set role = ? where id = ?`, [role, userId]);
}

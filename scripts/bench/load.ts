import http from 'node:http';
import autocannon from 'autocannon';

export const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const REQUEST_TIMEOUT_MS = 10_000;

/** Waits until `url` answers within 100 ms: the previous scenario's backlog must not weigh on the next one. */
export async function settle(url: string, maxMs = 60_000) {
  const deadline = Date.now() + maxMs;
  while (Date.now() < deadline) {
    const started = performance.now();
    const ok = await fetch(url, { signal: AbortSignal.timeout(5_000) }).then((r) => r.ok, () => false);
    if (ok && performance.now() - started < 100) return;
    await new Promise((done) => setTimeout(done, 200));
  }
}

export interface LoadResult {
  name: string;
  path: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  /** Bytes per response, to read a throughput next to its payload. */
  bytesPerResponse: number;
  note?: string;
}

/** autocannon, no pipelining: `connections` clients, each waiting for its answer before the next request. */
export async function loadGet(name: string, url: string, headers: Record<string, string> = {}): Promise<LoadResult> {
  const result = await autocannon({ url, connections: CONNECTIONS, pipelining: 1, duration: DURATION_S, timeout: REQUEST_TIMEOUT_MS / 1000, headers });
  const path = new URL(url).pathname + new URL(url).search;
  return {
    name,
    path: decodeURIComponent(path),
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
    bytesPerResponse: result.requests.total ? Math.round(result.throughput.total / result.requests.total) : 0,
    ...(result.requests.total === 0 ? { note: `no answer came back within the ${DURATION_S} s run` } : {}),
  };
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0);

function post(agent: http.Agent, base: URL, path: string, body: unknown, cookie: string): Promise<{ status: number; body: any }> {
  const payload = JSON.stringify(body);
  return new Promise((done, fail) => {
    const req = http.request(
      { agent, host: base.hostname, port: base.port, path, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), cookie } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => done({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString() || 'null') }));
      },
    );
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error('timed out')));
    req.on('error', fail);
    req.end(payload);
  });
}

export interface RentCycleResult extends LoadResult {
  rented: number;
  noCopies: number;
  alreadyRented: number;
  returnP99: number;
}

/**
 * CONNECTIONS clients for DURATION_S, each rent-then-return by the next customer in turn (customerId 0:
 * the customer rents for themself), of a random book from `books`: few copies, so they are fought over.
 * A 409 'no copies' or 'already rented' is a correct answer, not an error.
 */
export async function rentCycle(baseUrl: string, libraryId: number, books: { isbn: string }[], cookies: string[]): Promise<RentCycleResult> {
  const base = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const rentMs: number[] = [];
  const returnMs: number[] = [];
  const counts = { rented: 0, noCopies: 0, alreadyRented: 0, errors: 0 };
  let turn = 0;
  const deadline = performance.now() + DURATION_S * 1000;
  const client = async () => {
    while (performance.now() < deadline) {
      const cookie = cookies[turn++ % cookies.length];
      const isbn = books[Math.floor(Math.random() * books.length)].isbn;
      try {
        let t = performance.now();
        const rent = await post(agent, base, '/_api/books/rent', { isbn, libraryId, customerId: 0 }, cookie);
        rentMs.push(performance.now() - t);
        if (rent.status === 409) {
          if (/already rented/i.test(rent.body?.message)) counts.alreadyRented++;
          else counts.noCopies++;
          continue;
        }
        if (rent.status !== 200) {
          counts.errors++;
          continue;
        }
        counts.rented++;
        t = performance.now();
        const back = await post(agent, base, '/_api/books/return', { rentalId: rent.body.json.rental.rentalId }, cookie);
        returnMs.push(performance.now() - t);
        if (back.status !== 200) counts.errors++;
      } catch {
        counts.errors++;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, client));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  const all = [...rentMs, ...returnMs].sort((a, b) => a - b);
  returnMs.sort((a, b) => a - b);
  return {
    name: 'rent then return',
    path: 'POST /_api/books/rent + /_api/books/return',
    rps: all.length / elapsed,
    p50: percentile(all, 50),
    p99: percentile(all, 99),
    requests: all.length,
    bytesPerResponse: 0,
    ...counts,
    returnP99: percentile(returnMs, 99),
    note: `${counts.rented} rented and returned, ${counts.noCopies} no copy left, ${counts.alreadyRented} already rented`,
  };
}

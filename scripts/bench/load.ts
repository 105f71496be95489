import autocannon from 'autocannon';

export const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/**
 * Before each measured run, this many seconds of the same load, not measured: a server that has been
 * running has compiled its code paths and opened its pool's connections.
 */
export const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 2);
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * Waits until `url` answers within 100 ms: the previous scenario's backlog must not weigh on the next one.
 * Any answer but a server error counts (the bare session check, asked without a cookie, answers 401).
 */
export async function settle(url: string, maxMs = 60_000) {
  const deadline = Date.now() + maxMs;
  while (Date.now() < deadline) {
    const started = performance.now();
    const ok = await fetch(url, { signal: AbortSignal.timeout(5_000) }).then((r) => r.status < 500, () => false);
    if (ok && performance.now() - started < 100) return;
    await new Promise((done) => setTimeout(done, 200));
  }
  console.warn(`[bench] ${url} did not answer within 100 ms for ${maxMs / 1000} s; measuring anyway`);
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
export async function loadGet(name: string, url: string, headers: Record<string, string> = {}, durationS = DURATION_S): Promise<LoadResult> {
  const result = await autocannon({ url, connections: CONNECTIONS, pipelining: 1, duration: durationS, timeout: REQUEST_TIMEOUT_MS / 1000, headers });
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
    ...(result.requests.total === 0 ? { note: `no answer came back within the ${durationS} s run` } : {}),
  };
}

interface RentCycleResult extends LoadResult {
  rented: number;
  returned: number;
  noCopies: number;
  alreadyRented: number;
}

/**
 * autocannon, CONNECTIONS clients for `durationS`, each renting then returning by the next customer in
 * turn (customerId 0: the customer rents for themself), a random book from `books`: few copies, so they
 * are fought over. A 409 'no copies' or 'already rented' is a correct answer, not an error; the client
 * then rents again. A client stopped between its rent and its return leaves that copy out.
 */
export async function rentCycle(
  baseUrl: string,
  libraryId: number,
  books: { isbn: string }[],
  cookies: string[],
  durationS = DURATION_S,
): Promise<RentCycleResult> {
  const counts = { rented: 0, returned: 0, noCopies: 0, alreadyRented: 0, errors: 0 };
  let turn = 0;
  type Context = { cookie?: string; rentalId?: number };
  type Request = { headers: Record<string, string> };
  // autocannon's defaults (host, port) are in `req`; keep them.
  const request = (req: Request, path: string, cookie: string, body: unknown) => ({
    ...req,
    method: 'POST',
    path,
    headers: { ...req.headers, 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  const result = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    pipelining: 1,
    duration: durationS,
    timeout: REQUEST_TIMEOUT_MS / 1000,
    requests: [
      {
        setupRequest: (req: Request, context: Context) => {
          context.cookie = cookies[turn++ % cookies.length];
          const isbn = books[Math.floor(Math.random() * books.length)].isbn;
          return request(req, '/_api/books/rent', context.cookie, { isbn, libraryId, customerId: 0 });
        },
        onResponse: (status: number, body: string, context: Context) => {
          if (status === 200) {
            counts.rented++;
            context.rentalId = JSON.parse(body).json.rental.rentalId;
          } else if (status === 409 && /already rented/i.test(body)) counts.alreadyRented++;
          else if (status === 409) counts.noCopies++;
          else counts.errors++;
        },
      },
      {
        // Nothing rented: start again with the next rent.
        setupRequest: (req: Request, context: Context) => (context.rentalId ? request(req, '/_api/books/return', context.cookie!, { rentalId: context.rentalId }) : null),
        onResponse: (status: number) => {
          if (status === 200) counts.returned++;
          else counts.errors++;
        },
      },
    ],
  } as autocannon.Options);
  return {
    name: 'rent then return',
    path: 'POST /_api/books/rent + /_api/books/return',
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    bytesPerResponse: result.requests.total ? Math.round(result.throughput.total / result.requests.total) : 0,
    ...counts,
    errors: counts.errors + result.errors + result.timeouts,
    note: `${counts.rented} rented, ${counts.returned} returned, ${counts.noCopies} no copy left, ${counts.alreadyRented} already rented`,
  };
}

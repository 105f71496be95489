/**
 * How node runs the server in production: `npm start` (scripts/start.mjs), the benchmark
 * (scripts/bench/server.ts) and the Dockerfile's CMD, which repeats them. (The browser tests start the
 * build without them: they measure nothing.)
 *
 * --max-semi-space-size=64: a young generation of 64 MB rather than V8's 16, so the short-lived
 * objects of a request (its rows, their checked copies, the JSON) are mostly dead before a scavenge
 * has to copy them. Measured on the 2-core VM in alternating runs: 8 to 21% less server CPU per
 * search and 9 to 10% less per session check, for about 80 MB more peak memory under 50 concurrent
 * searches (299 -> 379 MB).
 *
 * --no-allocation-site-pretenuring: V8 watches where objects are allocated, and when many of one place's
 * objects are alive at a scavenge it allocates that place's objects straight into the old generation.
 * Under 50 concurrent searches it did so for the driver's rows (alive while a request waits its turn),
 * which then lived until a full collection, and made each scavenge trace them: 5.4 MB promoted per
 * scavenge, scavenges of 7.3 ms (median), three mark-compacts in 10 s. Without it: scavenges of 1.7 ms,
 * no mark-compact, 129 against 550 ms of pauses in 10 s, peak memory 293 against 409 MB. In alternating
 * runs: 0.73-0.75 against 0.85-0.89 ms of server CPU per search by a fragment, its p99 69-74 against
 * 89-107 ms; session check 0.10 against 0.10-0.11 ms. The bare floor of the bench is not changed by it.
 */
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=64', '--no-allocation-site-pretenuring'];

/**
 * How node runs the server, wherever it is started: `npm start` (scripts/start.mjs), the benchmark
 * (scripts/bench/server.ts) and the Dockerfile's CMD, which repeats them.
 *
 * --max-semi-space-size=64: a young generation of 64 MB rather than V8's 16, so the short-lived
 * objects of a request (its rows, their checked copies, the JSON) are mostly dead before a scavenge
 * has to copy them. Measured on the 2-core VM in alternating runs: 8 to 21% less server CPU per
 * search and 9 to 10% less per session check, for about 80 MB more peak memory under 50 concurrent
 * searches (299 -> 379 MB).
 */
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=64'];

import { execFileSync } from 'node:child_process';
import { Writable } from 'node:stream';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggableUrl, loggerOptions, RequestLog, RequestLogger } from './logging';

describe('loggableUrl', () => {
  it('keeps a query without secrets or searches as it came', () => {
    expect(loggableUrl('/_api/books?libraryId=1&cursor=20')).toBe('/_api/books?libraryId=1&cursor=20');
    expect(loggableUrl('/_api/books?title=encode%20this&libraryId=1')).toBe('/_api/books?title=encode+this&libraryId=1');
    expect(loggableUrl('/_api/auth/session')).toBe('/_api/auth/session');
  });

  it("keeps what was searched for out: a patron's name or email, the books a patron looks for", () => {
    expect(loggableUrl('/_api/books?libraryId=1&search=gou')).toBe('/_api/books?libraryId=1&search=%5Bredacted%5D');
    expect(loggableUrl('/_api/customers?Search=kim%40example.net&libraryId=1')).toBe('/_api/customers?Search=%5Bredacted%5D&libraryId=1');
    const input = encodeURIComponent(JSON.stringify({ 0: { json: { libraryId: 1, search: 'reader@scroll.test \\"x\\"' } }, 1: { json: { libraryId: 1 } } }));
    const logged = decodeURIComponent(loggableUrl(`/trpc/customers.list,books.list?batch=1&input=${input}`).replaceAll('+', ' '));
    expect(logged).toBe('/trpc/customers.list,books.list?batch=1&input={"0":{"json":{"libraryId":1,"search":"[redacted]"}},"1":{"json":{"libraryId":1}}}');
    // The key spelled with a JSON escape, which the call reads as `search` all the same.
    const escaped = encodeURIComponent('{"json":{"libraryId":3,"s\\u0065arch":"kim@example.net"}}');
    expect(decodeURIComponent(loggableUrl(`/trpc/customers.list?input=${escaped}`))).toBe('/trpc/customers.list?input={"json":{"libraryId":3,"search":"[redacted]"}}');
    // Sent without percent-encoding (a script's request; browsers encode the quotes), the same.
    expect(decodeURIComponent(loggableUrl('/trpc/books.list?input={"json":{"libraryId":1,"search":"orwell"}}'))).toBe(
      '/trpc/books.list?input={"json":{"libraryId":1,"search":"[redacted]"}}',
    );
    expect(decodeURIComponent(loggableUrl('/trpc/books.list?input=notjson'))).toBe('/trpc/books.list?input=[redacted]');
    // An input that is not JSON at all is kept out whole: the call refuses it, but it may hold anything.
    expect(decodeURIComponent(loggableUrl(`/trpc/customers.list?input=${encodeURIComponent('{"search":"kim@example.net"')}`))).toBe('/trpc/customers.list?input=[redacted]');
  });

  it('replaces the value of every secret parameter, however its name is written', () => {
    expect(loggableUrl('/cb?code=abc&state=def&provider=google')).toBe('/cb?code=%5Bredacted%5D&state=%5Bredacted%5D&provider=google');
    expect(loggableUrl('/cb?provider=google&Code=abc')).toBe('/cb?provider=google&Code=%5Bredacted%5D');
    expect(loggableUrl('/cb?%63ode=abc')).toBe('/cb?code=%5Bredacted%5D');
    expect(loggableUrl('/cb?x=1&temp_token=abc&tempToken=def')).toBe('/cb?x=1&temp_token=%5Bredacted%5D&tempToken=%5Bredacted%5D');
    expect(loggableUrl('/cb?encode=abc&codes=def')).toBe('/cb?encode=abc&codes=def');
  });
});

describe('RequestLogger', () => {
  function logger(level: string) {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
        done();
      },
    });
    return { lines, parent: pino({ level }, stream) };
  }

  it("writes the request's lines under its bindings, at the parent's level", () => {
    const { lines, parent } = logger('info');
    const log = new RequestLogger(parent, { reqId: 'r-1' }, {});
    expect(log.level).toBe('info');
    log.debug('not written');
    log.info({ detail: 1 }, 'written');
    log.error(new Error('failed'), 'failure');
    log.child({ step: 'lookup' }).warn('from a child');
    expect(lines.map(({ msg, reqId, step }) => ({ msg, reqId, step }))).toEqual([
      { msg: 'written', reqId: 'r-1', step: undefined },
      { msg: 'failure', reqId: 'r-1', step: undefined },
      { msg: 'from a child', reqId: 'r-1', step: 'lookup' },
    ]);
    expect(lines[0]!.detail).toBe(1);
    expect((lines[1]!.err as { message: string }).message).toBe('failed');
  });

  it('follows a level of its own, given or set', () => {
    const { lines, parent } = logger('info');
    const quiet = new RequestLogger(parent, { reqId: 'r-2' }, { level: 'error' });
    quiet.info('not written');
    const talkative = new RequestLogger(parent, { reqId: 'r-3' }, {});
    talkative.level = 'debug';
    talkative.debug('written');
    expect(lines.map(({ msg, reqId }) => ({ msg, reqId }))).toEqual([{ msg: 'written', reqId: 'r-3' }]);
    expect(parent.level).toBe('info');
  });
});

describe("an answered request's line", () => {
  /** The app's logger and request log, with pino's own line for each answered request written beside the app's. */
  async function app() {
    const lines: string[] = [];
    const stream = { write: (line: string) => void lines.push(line) };
    class WithPinosLine extends RequestLog {
      override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
        super.requestCompleted(error, request, reply);
        request.server.log.info({ reqId: request.id, req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
      }
    }
    // One time for both lines: each asks the logger for it.
    const server = Fastify({ logger: { ...loggerOptions('info', stream), timestamp: () => ',"time":1795000000000' }, logController: new WithPinosLine() });
    // HTTP/1.0 may come without a Host; inject always sends one.
    server.addHook('onRequest', (req, _reply, done) => {
      if (req.headers['x-no-host']) delete req.raw.headers.host;
      done();
    });
    server.get('/*', async (_req, reply) => reply.status(201).send('ok'));
    await server.ready();
    return { server, lines };
  }

  it('is the line pino writes for it, secrets and searches in its query replaced', async () => {
    const { server, lines } = await app();
    const requests = [
      { url: '/_api/books?libraryId=1&search=gou' },
      { url: '/_api/auth/oauth_callback?code=secret-code&state=secret-state' },
      { url: '/odd/%22path%5C?q=%E2%9C%93', headers: { host: 'library.test:8080' } },
      { url: '/', headers: { host: 'a"b\\c' } },
      { url: '/', headers: { 'x-no-host': '1' } },
    ];
    for (const request of requests) await server.inject({ method: 'GET', ...request });
    expect(lines).toHaveLength(2 * requests.length);
    for (let i = 0; i < lines.length; i += 2) expect(lines[i]).toBe(lines[i + 1]);
    const parsed = lines.filter((_, i) => i % 2 === 0).map((line) => JSON.parse(line));
    expect(parsed[0]).toMatchObject({ level: 30, time: 1795000000000, msg: 'request completed', res: { statusCode: 201 } });
    expect(parsed[0].req).toEqual({ method: 'GET', url: '/_api/books?libraryId=1&search=%5Bredacted%5D', host: 'localhost:80', remoteAddress: '127.0.0.1' });
    expect(parsed[1].req.url).toBe('/_api/auth/oauth_callback?code=%5Bredacted%5D&state=%5Bredacted%5D');
    expect(lines.join('')).not.toContain('secret-');
    expect(parsed[3].req.host).toBe('a"b\\c');
    expect(parsed[4].req.host).toBe('');
    await server.close();
  });

  it('is not written below its level', async () => {
    const lines: string[] = [];
    const server = Fastify({ logger: loggerOptions('warn', { write: (line: string) => void lines.push(line) }), logController: new RequestLog() });
    server.get('/', async () => 'ok');
    await server.inject({ method: 'GET', url: '/' });
    expect(lines).toEqual([]);
    await server.close();
  });
});

describe('standard output in batches', () => {
  /** A process that logs through bufferedStdout as `script` says, and what reached its standard output. */
  const stdoutOf = (script: string) =>
    execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', `
      import pino from 'pino';
      import { bufferedStdout } from ${JSON.stringify(new URL('./logging.ts', import.meta.url).pathname)};
      const log = pino({ base: null, timestamp: false }, bufferedStdout());
      ${script}`], { encoding: 'utf8' });

  it('writes a batch once about 16 KB wait, the rest when the process exits, every line whole and in order', () => {
    // About 25 KB of lines, then a mark written straight to the descriptor, then a few more lines.
    const out = stdoutOf(`
      import { writeSync } from 'node:fs';
      for (let i = 0; i < 100; i++) log.info({ i, padding: 'x'.repeat(200) }, 'line');
      writeSync(1, 'MARK\\n');
      for (let i = 100; i < 110; i++) log.info({ i }, 'line');`);
    const lines = out.trimEnd().split('\n');
    const mark = lines.indexOf('MARK');
    const numbers = lines.filter((line) => line !== 'MARK').map((line) => (JSON.parse(line) as { i: number }).i);
    expect(numbers).toEqual([...Array(110).keys()]);
    // The first batch went out when it was full, before the mark; the lines after it waited for the exit.
    expect(mark).toBeGreaterThan(50);
    expect(mark).toBeLessThan(80);
  });

  it("writes the waiting lines when pino's flush is asked for, then calls back", () => {
    const out = stdoutOf(`log.info('before'); log.flush(() => { process.stdout.write('flushed\\n'); process.exit(0); });`);
    expect(out).toBe('{"level":30,"msg":"before"}\nflushed\n');
  });
});

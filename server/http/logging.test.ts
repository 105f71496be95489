import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggableUrl, RequestLogger } from './logging';

describe('loggableUrl', () => {
  it('keeps a query without secrets as it came', () => {
    expect(loggableUrl('/_api/books?libraryId=1&search=gou')).toBe('/_api/books?libraryId=1&search=gou');
    expect(loggableUrl('/_api/books?search=encode%20this&libraryId=1')).toBe('/_api/books?search=encode+this&libraryId=1');
    expect(loggableUrl('/_api/auth/session')).toBe('/_api/auth/session');
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

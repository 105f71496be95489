import { describe, expect, it } from 'vitest';
import { createCoalescer } from './insights-coalescing';

/** A computation the test finishes by hand; it records when it started. */
function gate() {
  const runs: { startedAt: number; finish: (value: number) => void; fail: (error: Error) => void }[] = [];
  let clock = 0;
  const tick = () => ++clock;
  const compute = () =>
    new Promise<number>((finish, fail) => {
      runs.push({ startedAt: tick(), finish, fail });
    });
  return { runs, tick, compute };
}

const flush = () => new Promise((done) => setTimeout(done, 0));

describe('createCoalescer', () => {
  it('a burst of identical calls costs two runs, and every call gets a run that started after it was made', async () => {
    const coalesce = createCoalescer();
    const { runs, tick, compute } = gate();
    const calls: { madeAt: number; answer: Promise<number> }[] = [];
    const call = () => calls.push({ madeAt: tick(), answer: coalesce('summary 1 365 UTC', compute) });

    call();
    await flush();
    for (let i = 0; i < 20; i++) call();
    await flush();
    expect(runs).toHaveLength(1);
    runs[0].finish(runs[0].startedAt);
    await flush();
    expect(runs).toHaveLength(2);
    runs[1].finish(runs[1].startedAt);

    const answers = await Promise.all(calls.map(async (c) => ({ madeAt: c.madeAt, startedAt: await c.answer })));
    for (const a of answers) expect(a.startedAt).toBeGreaterThan(a.madeAt);
    expect(new Set(answers.slice(1).map((a) => a.startedAt)).size).toBe(1);
  });

  it('calls made while the queued run is going wait for a third run', async () => {
    const coalesce = createCoalescer();
    const { runs, compute } = gate();
    const first = coalesce('k', compute);
    await flush();
    const second = coalesce('k', compute);
    runs[0].finish(1);
    await flush();
    const third = coalesce('k', compute);
    runs[1].finish(2);
    await flush();
    expect(runs).toHaveLength(3);
    runs[2].finish(3);
    expect([await first, await second, await third]).toEqual([1, 2, 3]);
  });

  it('different keys never share', async () => {
    const coalesce = createCoalescer();
    const { runs, compute } = gate();
    const a = coalesce('summary 1 7 UTC', compute);
    const b = coalesce('summary 1 30 UTC', compute);
    const c = coalesce('summary 2 7 UTC', compute);
    await flush();
    expect(runs).toHaveLength(3);
    runs.forEach((run, i) => run.finish(i));
    expect([await a, await b, await c]).toEqual([0, 1, 2]);
  });

  it('a failure reaches every call that shared the run, and the next call runs afresh', async () => {
    const coalesce = createCoalescer();
    const { runs, compute } = gate();
    const first = coalesce('k', compute);
    await flush();
    const waiting = [coalesce('k', compute), coalesce('k', compute)];
    runs[0].fail(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await flush();
    runs[1].fail(new Error('still down'));
    for (const w of waiting) await expect(w).rejects.toThrow('still down');
    const later = coalesce('k', compute);
    await flush();
    expect(runs).toHaveLength(3);
    runs[2].finish(7);
    expect(await later).toBe(7);
  });
});

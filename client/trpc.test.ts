import { CancelledError, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient, retryOnceUnlessRefused } from './trpc';

/** A read whose answers the test hands over, in any order: `answer(n, value)` settles the n-th call. */
function serverReads() {
  const pending: ((value: string) => void)[] = [];
  return {
    queryFn: () => new Promise<string>((resolve) => pending.push(resolve)),
    answer: (n: number, value: string) => pending[n]!(value),
    get asked() {
      return pending.length;
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const KEY = ['rentals', { libraryId: 1 }];

describe('a read asked before a change and answered after it', () => {
  it("on screen with no data yet (a patron's first read), is asked again: the answer shown is the one after the change", async () => {
    const client = createQueryClient();
    const reads = serverReads();
    const stop = new QueryObserver(client, { queryKey: KEY, queryFn: reads.queryFn }).subscribe(() => {});
    await settle();
    expect(reads.asked).toBe(1);

    const invalidated = client.invalidateQueries({ queryKey: KEY });
    await settle();
    expect(reads.asked).toBe(2);
    reads.answer(0, 'before the rent');
    reads.answer(1, 'after the rent');
    await invalidated;
    expect(client.getQueryData(KEY)).toBe('after the rent');
    stop();
  });

  it('off screen (a search cleared, a tab left), does not stand as fresh: the next screen to show it reads it again', async () => {
    const client = createQueryClient();
    const reads = serverReads();
    client.setQueryData(KEY, 'first');
    void client.fetchQuery({ queryKey: KEY, queryFn: reads.queryFn, staleTime: 0 }).catch(() => undefined);
    await settle();

    await client.invalidateQueries({ queryKey: KEY });
    reads.answer(0, 'before the return');
    await settle();
    expect(client.getQueryState(KEY)?.isInvalidated).toBe(true);

    const stop = new QueryObserver(client, { queryKey: KEY, queryFn: reads.queryFn }).subscribe(() => {});
    await settle();
    expect(reads.asked).toBe(2);
    reads.answer(1, 'after the return');
    await settle();
    expect(client.getQueryData(KEY)).toBe('after the return');
    stop();
  });

  it("on screen, marked out of date without a new read ('none'), is still asked again rather than answer over the change", async () => {
    const client = createQueryClient();
    const reads = serverReads();
    client.setQueryData(KEY, 'saved before');
    const stop = new QueryObserver(client, { queryKey: KEY, queryFn: reads.queryFn }).subscribe(() => {});
    void client.refetchQueries({ queryKey: KEY });
    await settle();
    expect(reads.asked).toBe(1);

    client.setQueryData(KEY, 'saved now');
    void client.invalidateQueries({ queryKey: KEY, refetchType: 'none' });
    expect(client.getQueryData(KEY)).toBe('saved now');
    reads.answer(0, 'read before the save');
    await settle();
    expect(client.getQueryData(KEY)).toBe('saved now');
    expect(reads.asked).toBe(2);
    reads.answer(1, 'read after the save');
    await settle();
    expect(client.getQueryData(KEY)).toBe('read after the save');
    stop();
  });
});

describe('a read a caller awaits (a fetch), called off meanwhile by a change', () => {
  it('with no answer yet, answers with the read after the change rather than fail with CancelledError', async () => {
    const client = createQueryClient();
    const reads = serverReads();
    const fetched = client.fetchQuery({ queryKey: KEY, queryFn: reads.queryFn, staleTime: 0 });
    await settle();

    await client.invalidateQueries({ queryKey: KEY });
    await settle();
    expect(reads.asked).toBe(2);
    reads.answer(0, 'before the rent');
    reads.answer(1, 'after the rent');
    await expect(fetched).resolves.toBe('after the rent');
  });

  it('holding an older answer, answers with the read after the change, not that older answer', async () => {
    const client = createQueryClient();
    const reads = serverReads();
    client.setQueryData(KEY, 'checked at the last scan');
    const fetched = client.fetchQuery({ queryKey: KEY, queryFn: reads.queryFn, staleTime: 0 });
    await settle();

    await client.invalidateQueries({ queryKey: KEY });
    await settle();
    reads.answer(0, 'before the rent');
    reads.answer(1, 'after the rent');
    await expect(fetched).resolves.toBe('after the rent');
  });

  it('by a change that cancels it to set the data it expects (an optimistic update), answers with that data', async () => {
    const client = createQueryClient();
    const reads = serverReads();
    const fetched = client.fetchQuery({ queryKey: KEY, queryFn: reads.queryFn, staleTime: 0 });
    await settle();

    await client.cancelQueries({ queryKey: KEY });
    client.setQueryData(KEY, 'rented, as the change expects');
    await expect(fetched).resolves.toBe('rented, as the change expects');
    // Asked again now, the server would answer as before the change, undoing it.
    expect(reads.asked).toBe(1);
  });

  it('whose data is dropped meanwhile (a sign-in forgets the last user\'s data), answers nothing: a CancelledError its caller lets go', async () => {
    const client = createQueryClient();
    const reads = serverReads();
    const fetched = client.fetchQuery({ queryKey: KEY, queryFn: reads.queryFn, staleTime: 0 });
    await settle();

    client.removeQueries({ queryKey: KEY });
    await expect(fetched).rejects.toBeInstanceOf(CancelledError);
    expect(reads.asked).toBe(1);
  });
});

describe('a read that failed', () => {
  const failingWith = (httpStatus: number | undefined) => {
    let asked = 0;
    const queryFn = () => {
      asked++;
      return Promise.reject(Object.assign(new Error('failed'), { data: httpStatus === undefined ? undefined : { httpStatus } }));
    };
    return { queryFn, asked: () => asked };
  };
  const read = async (httpStatus: number | undefined) => {
    const client = createQueryClient();
    const reads = failingWith(httpStatus);
    await client.fetchQuery({ queryKey: ['read', httpStatus], queryFn: reads.queryFn, retryDelay: 0 }).catch(() => undefined);
    return reads.asked();
  };

  it('is asked once more when the server failed or could not be reached', async () => {
    expect(await read(500)).toBe(2);
    expect(await read(503)).toBe(2);
    expect(await read(undefined)).toBe(2);
  });

  it('is not asked again when the server refused it for good (a session ended elsewhere: one 401, then sign in)', async () => {
    expect(await read(401)).toBe(1);
    expect(await read(403)).toBe(1);
    expect(await read(404)).toBe(1);
  });

  it('is asked once more when the server said "later" (408, 429)', () => {
    expect(retryOnceUnlessRefused(0, { data: { httpStatus: 429 } })).toBe(true);
    expect(retryOnceUnlessRefused(0, { data: { httpStatus: 408 } })).toBe(true);
    expect(retryOnceUnlessRefused(1, { data: { httpStatus: 500 } })).toBe(false);
  });
});

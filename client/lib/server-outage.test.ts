import { onlineManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../trpc';
import { delayBeforeCheck, isServerUnreachable, recoverReadsAfterOutage, ServerUnreachableError } from './server-outage';

/** What tRPC's client makes of a request that got no answer: its own error, ours as the cause. */
const noAnswer = () => TRPCClientError.from(new ServerUnreachableError({ cause: new TypeError('Failed to fetch') }));
const sessionEnded = () =>
  TRPCClientError.from({ error: { message: 'You must be logged in', code: -32001, data: { code: 'UNAUTHORIZED', httpStatus: 401 } } });

/** A tab's page, hidden or shown as the test says. */
function browserPage() {
  const page = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  const show = (state: DocumentVisibilityState) => {
    page.visibilityState = state;
    page.dispatchEvent(new Event('visibilitychange'));
  };
  return { page, hide: () => show('hidden'), show: () => show('visible') };
}

/** The server as the app's reads and its checks meet it: down until `comeBack()`. */
function server(up = false) {
  const checks: number[] = [];
  return {
    serverAnswers: async () => {
      checks.push(Date.now());
      return up;
    },
    checks,
    comeBack: () => {
      up = true;
    },
    read: vi.fn(async () => {
      if (!up) throw noAnswer();
      return ['Dune'];
    }),
  };
}

function setUp(client: QueryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } }), serverUp = false) {
  const tab = browserPage();
  const backend = server(serverUp);
  recoverReadsAfterOutage(client, { serverAnswers: backend.serverAnswers, page: tab.page });
  const books = new QueryObserver(client, { queryKey: ['books'], queryFn: backend.read });
  const stop = books.subscribe(() => {});
  return { client, tab, backend, books, stop };
}

beforeEach(() => vi.useFakeTimers({ now: 0 }));
afterEach(() => {
  vi.useRealTimers();
  onlineManager.setOnline(true);
});

describe('which failures are an outage', () => {
  it('a request that got no answer, as tRPC passes it on; not a refusal, a server error or any other failure', () => {
    expect(isServerUnreachable(noAnswer())).toBe(true);
    expect(isServerUnreachable(new ServerUnreachableError())).toBe(true);
    expect(isServerUnreachable(sessionEnded())).toBe(false);
    expect(isServerUnreachable(TRPCClientError.from(new Error('Request failed with status 502')))).toBe(false);
    expect(isServerUnreachable(new Error('Could not reach the server. Check your connection and try again.'))).toBe(false);
    expect(isServerUnreachable(undefined)).toBe(false);
  });
});

describe('the checks after an outage', () => {
  it('wait 2 s, then twice as long each time, up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(delayBeforeCheck)).toEqual([2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
  });

  it('start when a read on screen gets no answer, and once the server answers, ask it again: the screen comes back by itself', async () => {
    const { backend, books, stop } = setUp();
    await vi.advanceTimersByTimeAsync(0);
    expect(books.getCurrentResult().isError).toBe(true);

    await vi.advanceTimersByTimeAsync(2_000 + 4_000 + 8_000);
    expect(backend.checks).toEqual([2_000, 6_000, 14_000]);
    expect(backend.read).toHaveBeenCalledTimes(1);

    backend.comeBack();
    await vi.advanceTimersByTimeAsync(16_000);
    expect(books.getCurrentResult().data).toEqual(['Dune']);
    // Back, nothing failing: no more checks.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(backend.checks).toHaveLength(4);
    expect(backend.read).toHaveBeenCalledTimes(2);
    stop();
  });

  it('are not made when nothing failed, nor for a read the server refused (the session ended: the way to sign in)', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { backend, books, stop } = setUp(client, true);
    await vi.advanceTimersByTimeAsync(0);
    expect(books.getCurrentResult().data).toEqual(['Dune']);
    const refused = vi.fn(async () => Promise.reject(sessionEnded()));
    const stopRefused = new QueryObserver(client, { queryKey: ['rentals'], queryFn: refused }).subscribe(() => {});
    await vi.advanceTimersByTimeAsync(60_000);
    expect(backend.checks).toEqual([]);
    expect(refused).toHaveBeenCalledTimes(1);
    stop();
    stopRefused();
  });

  it('stop while the page is hidden and start over when it shows', async () => {
    const { tab, backend, books, stop } = setUp();
    await vi.advanceTimersByTimeAsync(0);
    tab.hide();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(backend.checks).toEqual([]);

    backend.comeBack();
    tab.show();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(backend.checks).toEqual([122_000]);
    expect(books.getCurrentResult().data).toEqual(['Dune']);
    stop();
  });

  it('stop while the device is offline (the reads wait for the connection) and start over when it is back', async () => {
    const { backend, stop } = setUp();
    await vi.advanceTimersByTimeAsync(0);
    onlineManager.setOnline(false);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(backend.checks).toEqual([]);

    onlineManager.setOnline(true);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(backend.checks).toEqual([122_000]);
    stop();
  });

  it('leave a read that is off screen, and never send again a change that got no answer (a rental may have been made)', async () => {
    const client = createQueryClient();
    const { backend, stop } = setUp(client);
    await vi.advanceTimersByTimeAsync(0);
    stop();
    const rent = vi.fn(async () => Promise.reject(noAnswer()));
    await client.getMutationCache().build(client, { mutationFn: rent }).execute(undefined).catch(() => undefined);
    await vi.advanceTimersByTimeAsync(60_000);
    backend.comeBack();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(backend.checks).toEqual([]);
    expect(backend.read).toHaveBeenCalledTimes(1);
    expect(rent).toHaveBeenCalledTimes(1);
  });
});

import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createOfflineAwareMutationCache, OFFLINE_CHANGE_MESSAGE, offlineMeta } from './offline-mutations';

function rentBook(online: boolean, meta?: Record<string, unknown>) {
  const send = vi.fn(async () => 'rented');
  const client = new QueryClient({ mutationCache: createOfflineAwareMutationCache(() => online) });
  return { send, mutate: () => new MutationObserver(client, { mutationFn: send, meta }).mutate() };
}

describe('changes while offline', () => {
  it('fail at once with a message saying a connection is needed, without reaching the server', async () => {
    const { send, mutate } = rentBook(false);
    await expect(mutate()).rejects.toThrow(OFFLINE_CHANGE_MESSAGE);
    expect(send).not.toHaveBeenCalled();
  });

  it('that change nothing say what they need the connection for, as they ask', async () => {
    const { send, mutate } = rentBook(false, offlineMeta('You are offline. Finding you needs a connection.'));
    await expect(mutate()).rejects.toThrow('You are offline. Finding you needs a connection.');
    expect(send).not.toHaveBeenCalled();
  });

  it('go through as usual online', async () => {
    const { send, mutate } = rentBook(true);
    await expect(mutate()).resolves.toBe('rented');
    expect(send).toHaveBeenCalledOnce();
  });
});

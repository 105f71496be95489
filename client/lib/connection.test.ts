import { onlineManager, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOfflineQueryClient } from './offline-query-client';

/** A browser tab, as much of it as the app's query client uses: its events, its storage and whether it is online. */
function browserTab(online: boolean) {
  const items = new Map<string, string>();
  const localStorage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
  const tab = Object.assign(new EventTarget(), { localStorage });
  const navigator = { onLine: online };
  vi.stubGlobal('window', tab);
  vi.stubGlobal('navigator', navigator);
  return {
    goOnline() {
      navigator.onLine = true;
      tab.dispatchEvent(new Event('online'));
    },
    /** Offline while the page sat in the back/forward cache, where it heard no event; then shown again. */
    backOfflineFromCache() {
      navigator.onLine = false;
      tab.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

describe('the connection', () => {
  it('back while the app starts, before its data is asked for: the lists load, as the banner is gone', async () => {
    const tab = browserTab(false);
    const client = createOfflineQueryClient();
    tab.goOnline();
    // The app is on screen (QueryClientProvider mounts the client), and a list asks for its books.
    client.mount();
    const read = vi.fn(async () => ['Dune']);
    const stop = new QueryObserver(client, { queryKey: ['books'], queryFn: read }).subscribe(() => {});
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(read).toHaveBeenCalledOnce();
    expect(client.getQueryData(['books'])).toEqual(['Dune']);
    stop();
    client.unmount();
  });

  it('lost while the page sat in the back/forward cache: shown again, its reads wait for it, as the banner says', async () => {
    const tab = browserTab(true);
    const client = createOfflineQueryClient();
    client.mount();
    tab.backOfflineFromCache();
    const read = vi.fn(async () => ['Dune']);
    const stop = new QueryObserver(client, { queryKey: ['books'], queryFn: read }).subscribe(() => {});
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(read).not.toHaveBeenCalled();
    expect(client.getQueryState(['books'])?.fetchStatus).toBe('paused');
    stop();
    client.unmount();
  });
});

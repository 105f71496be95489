import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSharedCamera } from './shared-camera';

function fakeStream() {
  const track = { readyState: 'live', stop: vi.fn(() => (track.readyState = 'ended')) };
  return { track, getTracks: () => [track] };
}

describe('shared camera', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens the camera once for several users', async () => {
    const open = vi.fn(async () => fakeStream());
    const camera = createSharedCamera(open);
    const a = await camera.acquire();
    const b = await camera.acquire();
    expect(a).toBe(b);
    expect(open).toHaveBeenCalledTimes(1);
    expect(camera.users).toBe(2);
  });

  it('stops the tracks 5 seconds after the last user leaves', async () => {
    const camera = createSharedCamera(async () => fakeStream());
    const stream = await camera.acquire();
    await camera.acquire();
    camera.release();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(stream.track.stop).not.toHaveBeenCalled();

    camera.release();
    expect(camera.users).toBe(0);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(stream.track.stop).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(stream.track.stop).toHaveBeenCalledTimes(1);
  });

  it('a new start within the delay cancels the release and keeps the stream', async () => {
    const open = vi.fn(async () => fakeStream());
    const camera = createSharedCamera(open);
    const first = await camera.acquire();
    camera.release();
    await vi.advanceTimersByTimeAsync(3_000);
    const again = await camera.acquire();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(again).toBe(first);
    expect(first.track.stop).not.toHaveBeenCalled();
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('a camera that dropped out and is opened again while its last user leaves keeps the new stream for the new user', async () => {
    let opened = () => {};
    const streams: ReturnType<typeof fakeStream>[] = [];
    const open = vi.fn(() => {
      const stream = fakeStream();
      streams.push(stream);
      // The second opening waits for the browser until the test lets it finish.
      return streams.length === 1 ? Promise.resolve(stream) : new Promise<typeof stream>((resolve) => (opened = () => resolve(stream)));
    });
    const camera = createSharedCamera(open);
    const old = await camera.acquire();
    old.track.readyState = 'ended'; // unplugged
    const reopening = camera.acquire();
    camera.release(); // the old stream's user leaves while the camera opens again
    opened();
    const fresh = await reopening;
    expect(fresh).toBe(streams[1]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fresh.track.stop).not.toHaveBeenCalled();
    expect(camera.users).toBe(1);
  });

  it('reopens the camera after a full release', async () => {
    const open = vi.fn(async () => fakeStream());
    const camera = createSharedCamera(open);
    const first = await camera.acquire();
    camera.release();
    await vi.advanceTimersByTimeAsync(5_000);
    const second = await camera.acquire();
    expect(second).not.toBe(first);
    expect(open).toHaveBeenCalledTimes(2);
  });

  it('a start during initialisation waits 100 ms and retries, then shares the stream', async () => {
    let finishOpening!: () => void;
    const stream = fakeStream();
    const open = vi.fn(() => new Promise<typeof stream>((resolve) => (finishOpening = () => resolve(stream))));
    const camera = createSharedCamera(open);
    const first = camera.acquire();
    const second = camera.acquire();
    await vi.advanceTimersByTimeAsync(250);
    expect(open).toHaveBeenCalledTimes(1);
    finishOpening();
    expect(await first).toBe(stream);
    await vi.advanceTimersByTimeAsync(100);
    expect(await second).toBe(stream);
    expect(open).toHaveBeenCalledTimes(1);
    expect(camera.users).toBe(2);
  });

  it('a failed start counts no user and lets the next start try again', async () => {
    const stream = fakeStream();
    const open = vi.fn().mockRejectedValueOnce(Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' })).mockResolvedValue(stream);
    const camera = createSharedCamera(open);
    await expect(camera.acquire()).rejects.toThrow('Permission denied');
    expect(camera.users).toBe(0);
    expect(open).toHaveBeenCalledTimes(1);
    await expect(camera.acquire()).resolves.toBe(stream);
    expect(open).toHaveBeenCalledTimes(2);
    expect(camera.users).toBe(1);
    // The stream opened by the retry is the one kept: a further start shares it without opening again.
    await expect(camera.acquire()).resolves.toBe(stream);
    expect(open).toHaveBeenCalledTimes(2);
    expect(camera.users).toBe(2);
  });
});

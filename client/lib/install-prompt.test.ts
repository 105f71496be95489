import { describe, expect, it } from 'vitest';
import { type BeforeInstallPromptEvent, createInstallPrompt } from './install-prompt';

function fakeWindow({ standalone = false } = {}) {
  const target = new EventTarget() as EventTarget & { matchMedia: (q: string) => { matches: boolean }; navigator: object };
  target.matchMedia = (query) => ({ matches: standalone && query === '(display-mode: standalone)' });
  target.navigator = {};
  return target as unknown as Window;
}

/** A browser's install offer whose user choice the test settles. */
function offer() {
  let choose!: (outcome: 'accepted' | 'dismissed') => void;
  const event = new Event('beforeinstallprompt', { cancelable: true }) as BeforeInstallPromptEvent & { prompted: number };
  const userChoice = new Promise<{ outcome: 'accepted' | 'dismissed' }>((resolve) => (choose = (outcome) => resolve({ outcome })));
  Object.assign(event, { prompted: 0, userChoice, prompt: async () => void event.prompted++ });
  return { event, choose };
}

describe('the install prompt', () => {
  it('is unavailable until the browser offers installation, and keeps the browser from showing its own banner', () => {
    const win = fakeWindow();
    const prompt = createInstallPrompt(win);
    expect(prompt.getState()).toBe('unavailable');
    const { event } = offer();
    win.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(prompt.getState()).toBe('available');
  });

  it('goes available, installing, installed when the user accepts', async () => {
    const win = fakeWindow();
    const prompt = createInstallPrompt(win);
    const seen: string[] = [];
    prompt.subscribe(() => seen.push(prompt.getState()));
    const { event, choose } = offer();
    win.dispatchEvent(event);
    const outcome = prompt.prompt();
    expect(prompt.getState()).toBe('installing');
    choose('accepted');
    expect(await outcome).toBe('accepted');
    expect(event.prompted).toBe(1);
    expect(seen).toEqual(['available', 'installing', 'installed']);
  });

  it('uses an offer once: after a dismissal it waits for the next one', async () => {
    const win = fakeWindow();
    const prompt = createInstallPrompt(win);
    const first = offer();
    win.dispatchEvent(first.event);
    const outcome = prompt.prompt();
    first.choose('dismissed');
    expect(await outcome).toBe('dismissed');
    expect(prompt.getState()).toBe('unavailable');
    expect(await prompt.prompt()).toBe('dismissed');
    expect(first.event.prompted).toBe(1);

    win.dispatchEvent(offer().event);
    expect(prompt.getState()).toBe('available');
  });

  it('counts as installed when running standalone or once the browser reports the install', () => {
    expect(createInstallPrompt(fakeWindow({ standalone: true })).getState()).toBe('installed');
    const win = fakeWindow();
    const prompt = createInstallPrompt(win);
    win.dispatchEvent(offer().event);
    win.dispatchEvent(new Event('appinstalled'));
    expect(prompt.getState()).toBe('installed');
  });
});

/** Chrome's `beforeinstallprompt` event; the DOM typings do not have it. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

type InstallState = 'unavailable' | 'available' | 'installing' | 'installed';
export type InstallOutcome = 'accepted' | 'dismissed';

/**
 * The browser's install offer, kept from page load: the event fires once, early, often before
 * anyone has signed in and the header's button exists.
 */
export function createInstallPrompt(target: Window) {
  let offer: BeforeInstallPromptEvent | null = null;
  const standalone = target.matchMedia?.('(display-mode: standalone)').matches || (target.navigator as { standalone?: boolean }).standalone === true;
  let state: InstallState = standalone ? 'installed' : 'unavailable';
  const listeners = new Set<() => void>();
  const set = (next: InstallState) => {
    state = next;
    listeners.forEach((listener) => listener());
  };

  target.addEventListener('beforeinstallprompt', (event) => {
    // No mini-infobar: the header's button offers installation.
    event.preventDefault();
    offer = event as BeforeInstallPromptEvent;
    if (state !== 'installing') set('available');
  });
  target.addEventListener('appinstalled', () => {
    offer = null;
    set('installed');
  });

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** Opens the browser's prompt (an offer can be used once) and settles with the user's choice. */
    async prompt(): Promise<InstallOutcome> {
      const event = offer;
      if (!event) return 'dismissed';
      offer = null;
      set('installing');
      try {
        await event.prompt();
        const { outcome } = await event.userChoice;
        set(outcome === 'accepted' ? 'installed' : 'unavailable');
        return outcome;
      } catch {
        set('unavailable');
        return 'dismissed';
      }
    },
  };
}

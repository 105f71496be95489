import { onlineManager } from '@tanstack/react-query';

/**
 * Whether the device is online: the one answer that the offline banner, the reads (which wait for the
 * connection rather than fail) and the changes and logout (refused at once without it) all go by. It is the
 * browser's network state. A server that does not answer while the browser is online does not make the app
 * offline: its calls fail with SERVER_UNREACHABLE_MESSAGE, and can be tried again (lib/error-messages.ts).
 *
 * react-query's onlineManager holds it, so that reads wait exactly while the banner shows. Left to itself,
 * it starts out online whatever the browser says and hears the browser's events only while a query client
 * is mounted: the connection coming back as the app started went unheard, and the reads waited for ever
 * under no banner. Here it reads navigator.onLine each time it starts listening, at each event, and when
 * the browser brings the page back from its back/forward cache (where the page heard no event).
 */
function followBrowser(setOnline: (online: boolean) => void) {
  if (typeof window === 'undefined') return undefined;
  const read = () => setOnline(navigator.onLine);
  read();
  const events = ['online', 'offline', 'pageshow'] as const;
  for (const event of events) window.addEventListener(event, read);
  return () => {
    for (const event of events) window.removeEventListener(event, read);
  };
}
onlineManager.setEventListener(followBrowser);

export const isOnline = () => onlineManager.isOnline();

/** Calls `listener` each time the device goes online or offline; returns the way to stop. */
export const onConnectionChange = (listener: (online: boolean) => void) => onlineManager.subscribe(listener);

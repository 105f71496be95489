/**
 * A kiosk is a shared terminal: no step back through the browser's history may take a patron to the pages
 * behind it (the staff member's dashboard, with every member's name and email), however far back: one press
 * of Back, two at once, or a page picked from Back's list. While a kiosk runs, the tab's session storage
 * names its address (the lock), and:
 * - a step to another entry of this page puts the kiosk's address back before the router reads it, so
 *   the kiosk, and the patron signed in at it, stay on screen; one more entry of the kiosk's own address
 *   stays ahead, so that a single Back does not even change the address;
 * - a step to an entry of an earlier page (one loaded before the kiosk was, or restored whole from the
 *   browser's cache) loads the kiosk instead.
 * Staff leave the kiosk by the address bar (a page opened by its address, or reloaded, ends the lock), or
 * in the app itself (the kiosk's session leaving the screen ends it).
 */
const LOCK_KEY = 'scroll.kiosk';
const GUARD_STATE = { kioskGuard: true } as const;

function lockedKiosk(): string | null {
  try {
    return sessionStorage.getItem(LOCK_KEY);
  } catch {
    return null; // storage refused (a privacy setting): the guard of this page's own history still holds
  }
}

let heldHere: string | null = null;
const kiosk = () => heldHere ?? lockedKiosk();
/** Whether the page shows the kiosk's address (its query aside: the kiosk's settings). */
const showsKiosk = (path: string) => new URL(path, window.location.href).pathname === window.location.pathname;

function pushGuard(path: string) {
  window.history.pushState(GUARD_STATE, '', path);
}

/** The kiosk at `path` (its address's path and query) is on screen: hold the history to it. */
export function holdKiosk(path: string) {
  heldHere = path;
  try {
    sessionStorage.setItem(LOCK_KEY, path);
  } catch {
    // kept for this page alone
  }
  if (!(window.history.state as typeof GUARD_STATE | null)?.kioskGuard) pushGuard(path);
}

/** The kiosk's session has left the screen: the history is free again. */
export function releaseKiosk() {
  heldHere = null;
  try {
    sessionStorage.removeItem(LOCK_KEY);
  } catch {
    // nothing was kept
  }
}

/** Whether this page, loaded by a step through the history, belongs to a kiosk still held in this tab. */
function steppedBackFromKiosk(): string | null {
  const path = lockedKiosk();
  if (!path || showsKiosk(path)) return null;
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return navigation?.type === 'back_forward' ? path : null;
}

/**
 * Runs before the app starts (client/main.tsx), so that its listener comes before the router's. Returns
 * false when this page is leaving for the kiosk instead: the app then does not start.
 */
export function keepKioskInHistory(): boolean {
  const back = steppedBackFromKiosk();
  if (back) {
    window.location.replace(back);
    return false;
  }
  // Opened by its address, a link or a reload elsewhere than the kiosk: staff have left it.
  const locked = lockedKiosk();
  if (locked && !showsKiosk(locked)) releaseKiosk();
  window.addEventListener('popstate', (event) => {
    const path = kiosk();
    if (path && !(event.state as typeof GUARD_STATE | null)?.kioskGuard) pushGuard(path);
  });
  window.addEventListener('pageshow', (event) => {
    const path = kiosk();
    if (event.persisted && path && !showsKiosk(path)) window.location.replace(path);
  });
  return true;
}

import { useEffect, useState } from 'react';

/** A Mantine Modal or Drawer on screen: each is a section with role dialog and aria-modal. */
const OPEN_DIALOG = '[role="dialog"][aria-modal="true"]';

/**
 * Where Mantine draws them: a portal node, a child of the body (one the portals share, unless one asks for its
 * own). A Modal mounted closed keeps its root there, and its dialog comes and goes deep inside it as it opens
 * and has faded out.
 */
const portals = () => [...document.body.children].filter((child) => child.hasAttribute('data-portal'));

const dialogOnScreen = () => portals().some((portal) => portal.querySelector(OPEN_DIALOG) !== null);

/** Observing a portal again only renews its options: each is watched once, however often this runs. */
function watchPortals(observer: MutationObserver) {
  for (const portal of portals()) observer.observe(portal, { childList: true, subtree: true });
}

/**
 * Whether a dialog is on the page, whichever component opened it (the app has a dozen, each keeping its own
 * state): read from the page, as it changes. A closing dialog counts until it has faded out.
 */
export function useDialogOpen() {
  // Read once the page is drawn: a prerendered page and its first render agree.
  const [open, setOpen] = useState(false);
  useEffect(() => {
    // Watched where a dialog can come or go, the portals, and not the rest of the page, whose every change
    // (a list loading, a field typed in, a toast) would be a search for one.
    const observer = new MutationObserver((changes) => {
      if (changes.some((change) => change.target === document.body)) watchPortals(observer);
      // One check per batch of changes, however many nodes it touched.
      setOpen(dialogOnScreen());
    });
    // The body's own children only: a portal node comes or goes there.
    observer.observe(document.body, { childList: true });
    watchPortals(observer);
    setOpen(dialogOnScreen());
    return () => observer.disconnect();
  }, []);
  return open;
}

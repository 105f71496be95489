import { useEffect, useState } from 'react';

/** A Mantine Modal or Drawer on screen: each is a section with role dialog and aria-modal, in a portal of its own. */
const OPEN_DIALOG = '[role="dialog"][aria-modal="true"]';

const dialogOnScreen = () => document.querySelector(OPEN_DIALOG) !== null;

/**
 * Whether a dialog is on the page, whichever component opened it (the app has a dozen, each keeping its own
 * state): read from the page, as it changes. A closing dialog counts until it has faded out.
 */
export function useDialogOpen() {
  // Read once the page is drawn: a prerendered page and its first render agree.
  const [open, setOpen] = useState(false);
  useEffect(() => {
    setOpen(dialogOnScreen());
    // One check per batch of changes to the page, however many nodes it touched.
    const observer = new MutationObserver(() => setOpen(dialogOnScreen()));
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return open;
}

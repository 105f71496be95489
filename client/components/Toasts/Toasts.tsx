import { useEffect, useState } from 'react';
import { resolveValue, type Toast, ToastBar, Toaster, useToasterStore } from 'react-hot-toast';
import { saidOnPage, SHOWN_ONLY } from '../../lib/toast-said-on-page';
import { LiveRegion } from '../LiveRegion';
import { BOTTOM_BARS_HEIGHT } from './bottom-bars';
import { useDialogOpen } from './use-dialog-open';

/** Below the sticky header (app.css), whose menu and links a toast would cover for its seconds on a phone. */
const BELOW_HEADER = { top: 'calc(var(--header-height) + 12px)' };

/** The Toaster's inset from the screen's bottom edge, and the gap between two toasts (react-hot-toast's defaults). */
const TOASTER_INSET = 16;
const GUTTER = 8;

/** At the bottom, above the offline banner and the update prompt while they show, rather than over them. */
const ABOVE_BOTTOM_BARS = { bottom: `calc(${TOASTER_INSET}px + ${BOTTOM_BARS_HEIGHT})` };

/**
 * A toast may quote what people typed (a library's name, a title): a word longer than a phone's width
 * breaks where it must, and the toast keeps within the screen, less the Toaster's 16 px each side.
 */
const WITHIN_SCREEN = { maxWidth: 'min(350px, calc(100vw - 32px))', overflowWrap: 'anywhere' } as const;

/** What the toasts on screen say, the failures' or the others', oldest first (the store holds the newest first). */
function messages(toasts: Toast[], failures: boolean) {
  return toasts
    .filter((toast) => toast.visible && !saidOnPage(toast) && (toast.type === 'error') === failures)
    .reverse()
    // Keyed by the call that made it: a message said again (a second rental, a second save, the same id
    // updated in place from 'Checking book status...' to its failure) comes in anew and is read again.
    .map((toast) => <div key={`${toast.id}-${toast.createdAt}`}>{resolveValue(toast.message, toast)}</div>);
}

/**
 * Every toast is read out from regions on the page, empty, before it: failures interrupt (alert), the rest wait
 * their turn (status). Only what comes in is read (aria-atomic false), not the toasts still showing beside it,
 * so two toasts in a row are each read once. A toast leaves its region as it leaves the screen: a kiosk keeps
 * no patron's name.
 */
function ToastsHeard() {
  const { toasts } = useToasterStore();
  // The regions come onto the page empty: a toast made while this code was still loading (a quick save on a slow
  // phone) then comes into them, as later ones do.
  const [onPage, setOnPage] = useState(false);
  useEffect(() => setOnPage(true), []);
  const shown = onPage ? toasts : [];
  return (
    <>
      <LiveRegion role="status" offScreen aria-atomic={false}>
        {messages(shown, false)}
      </LiveRegion>
      <LiveRegion role="alert" offScreen aria-atomic={false}>
        {messages(shown, true)}
      </LiveRegion>
    </>
  );
}

/**
 * Where the toasts show: below the header; but while a dialog is open, at the bottom of the screen, above any bar
 * there, where the dialog leaves them room (theme.ts keeps it above `--toasts-height` and the bars), rather than
 * over its title, its × and its fields. A toast on screen as a dialog opens moves down with it; toasts stay down
 * until the last has gone, so one made as a dialog closes (a book added) does not jump up once the dialog has faded
 * out.
 */
function useToastsPlace() {
  const dialogOpen = useDialogOpen();
  const { toasts } = useToasterStore();
  const [atBottom, setAtBottom] = useState(false);
  const nowAtBottom = dialogOpen || (atBottom && toasts.length > 0);
  if (nowAtBottom !== atBottom) setAtBottom(nowAtBottom);

  // As the Toaster stacks them: each measured toast on screen, those still fading out included, and the gap above
  // it, over the inset.
  const onScreen = toasts.filter((toast) => toast.height);
  const measured = nowAtBottom && onScreen.length ? onScreen.reduce((sum, toast) => sum + (toast.height ?? 0) + GUTTER, TOASTER_INSET) : 0;
  // While a dialog stays open, the room it leaves the toasts only grows: a dialog that moved up for a toast does
  // not move down again under the finger as the toast goes.
  const [height, setHeight] = useState(0);
  const nextHeight = dialogOpen ? Math.max(height, measured) : measured;
  if (nextHeight !== height) setHeight(nextHeight);
  useEffect(() => {
    document.documentElement.style.setProperty('--toasts-height', `${height}px`);
  }, [height]);
  return nowAtBottom;
}

export function Toasts() {
  const atBottom = useToastsPlace();
  return (
    <>
      <Toaster position={atBottom ? 'bottom-center' : 'top-center'} containerStyle={atBottom ? ABOVE_BOTTOM_BARS : BELOW_HEADER}>
        {/* A bar only shows its toast: it comes with its text already in it, which NVDA, JAWS and VoiceOver often pass
            over, so a screen reader hears the toast from ToastsHeard's regions, and a bar live as well would be read
            twice. It keeps a status role with aria-live off, as axe's 'region' rule wants what a page shows in a landmark
            or a message's role; not an alert's, even for a failure: a browser announces an alert as it appears. */}
        {(toast) => <ToastBar toast={{ ...toast, ariaProps: SHOWN_ONLY }} style={WITHIN_SCREEN} />}
      </Toaster>
      <ToastsHeard />
    </>
  );
}

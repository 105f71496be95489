import { type Toast, ToastBar, Toaster } from 'react-hot-toast';

/**
 * react-hot-toast gives every toast role=status and aria-live=polite, and a toast's own ariaProps outrank
 * the Toaster's per-type options; so failures are made to interrupt here (assertive), while successes wait
 * their turn (polite).
 */
const FAILURE: Toast['ariaProps'] = { role: 'alert', 'aria-live': 'assertive' };

/** Below the sticky header (app.css), whose menu and links a toast would cover for its seconds on a phone. */
const BELOW_HEADER = { top: 'calc(var(--header-height) + 12px)' };

/**
 * A toast may quote what people typed (a library's name, a title): a word longer than a phone's width
 * breaks where it must, and the toast keeps within the screen, less the Toaster's 16 px each side.
 */
const WITHIN_SCREEN = { maxWidth: 'min(350px, calc(100vw - 32px))', overflowWrap: 'anywhere' } as const;

export function Toasts() {
  return (
    <Toaster position="top-center" containerStyle={BELOW_HEADER}>
      {(toast) => <ToastBar toast={toast.type === 'error' ? { ...toast, ariaProps: FAILURE } : toast} style={WITHIN_SCREEN} />}
    </Toaster>
  );
}

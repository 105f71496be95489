import { type Toast, ToastBar, Toaster } from 'react-hot-toast';

/**
 * react-hot-toast gives every toast role=status and aria-live=polite, and a toast's own ariaProps outrank
 * the Toaster's per-type options; so failures are made to interrupt here (assertive), while successes wait
 * their turn (polite).
 */
const FAILURE: Toast['ariaProps'] = { role: 'alert', 'aria-live': 'assertive' };

export function Toasts() {
  return <Toaster position="top-center">{(toast) => <ToastBar toast={toast.type === 'error' ? { ...toast, ariaProps: FAILURE } : toast} />}</Toaster>;
}

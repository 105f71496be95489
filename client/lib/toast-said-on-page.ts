import type { Toast, ToastOptions } from 'react-hot-toast';

/**
 * A toast only shown, not read out: a status with aria-live off. The toaster's bars all are (components/Toasts
 * reads each toast out from regions of its own); a toast made with SAID_ON_PAGE is not read out at all.
 */
export const SHOWN_ONLY: Toast['ariaProps'] = { role: 'status', 'aria-live': 'off' };

/**
 * For a toast whose words the page already says in an alert of its own (a form's failed save, shown on the form):
 * shown, and not read out a second time. Its own module, so that a page using it does not wait for the toaster's code.
 */
export const SAID_ON_PAGE = { ariaProps: SHOWN_ONLY } satisfies ToastOptions;

export const saidOnPage = (toast: Toast) => toast.ariaProps['aria-live'] === 'off';

import { useSyncExternalStore } from 'react';
import toast from 'react-hot-toast';
import { callFallbacks, errorMessage } from '../lib/error-messages';
import { rentalToasts } from '../lib/rental-toasts';
import { trpc } from '../trpc';

/**
 * Renting or returning changes the book lists (available copies), the rental lists and the staff's
 * insights (copies out, rentals and returns): every list, or one library's (the kiosk's).
 */
export function useRefreshAfterRental(libraryId?: number) {
  const utils = trpc.useUtils();
  return () => {
    listsMoving();
    return Promise.all(
      libraryId === undefined
        ? [utils.books.invalidate(), utils.rentals.invalidate(), utils.insights.invalidate()]
        : [utils.books.list.invalidate({ libraryId }), utils.rentals.list.invalidate({ libraryId }), utils.insights.invalidate()],
    ).finally(listsMoved);
  };
}

/**
 * Once a rent or return is done, the lists move: its row goes (or comes), and the next row's button slides
 * under the finger, or takes the focus. A second tap or Enter meant for the first button, coming just
 * after, must not rent or return another book: while the lists are refreshed, each as its answer comes,
 * and for a moment after the last, the lists' Rent and Return buttons read as disabled and ignore presses
 * (they keep the focus).
 */
const SETTLE_MS = 700;
let settling = false;
let refreshing = 0;
let settleTimer: ReturnType<typeof setTimeout> | undefined;
const settleListeners = new Set<() => void>();

function setSettling(next: boolean) {
  if (settling === next) return;
  settling = next;
  settleListeners.forEach((listener) => listener());
}

function listsMoving() {
  refreshing++;
  clearTimeout(settleTimer);
  setSettling(true);
}

function listsMoved() {
  refreshing--;
  clearTimeout(settleTimer);
  settleTimer = setTimeout(() => setSettling(refreshing > 0), SETTLE_MS);
}

function onSettleChange(listener: () => void) {
  settleListeners.add(listener);
  return () => {
    settleListeners.delete(listener);
  };
}

const isSettling = () => settling;

/** Whether the lists have just moved after a rent or return (see above). */
export const useListsSettling = () => useSyncExternalStore(onSettleChange, isSettling, isSettling);

/**
 * What a rent or return does once answered: refresh the lists. Done, it stays pending until they are
 * refreshed, so a control showing it is not done before the lists are. Failed, it ends at once: its
 * message is out, and the refresh (which may fail too, in an outage, with its retry) goes on behind.
 */
export function settledBy(refresh: () => Promise<unknown>) {
  return (_data: unknown, error: unknown) => {
    const refreshed = refresh();
    return error ? undefined : refreshed;
  };
}

/** Rents a copy for the signed-in user, by ISBN, with the spec's toasts; pending as settledBy says. */
export function useRentBook() {
  const refresh = useRefreshAfterRental();
  return trpc.rentals.rent.useMutation({
    onSuccess: () => toast.success(rentalToasts.rented),
    onError: (error) => toast.error(errorMessage(error, callFallbacks.rentBook)),
    onSettled: settledBy(refresh),
  });
}

/** Returns a rental (the customer's own, or any at a library the caller staffs); pending as settledBy says. */
export function useReturnRental() {
  const refresh = useRefreshAfterRental();
  return trpc.rentals.return.useMutation({
    onSuccess: () => toast.success(rentalToasts.returned),
    onError: (error) => toast.error(errorMessage(error, callFallbacks.returnBook)),
    onSettled: settledBy(refresh),
  });
}

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
  if (libraryId === undefined) return () => Promise.all([utils.books.invalidate(), utils.rentals.invalidate(), utils.insights.invalidate()]);
  return () =>
    Promise.all([
      utils.books.list.invalidate({ libraryId }),
      utils.rentals.list.invalidate({ libraryId }),
      utils.insights.invalidate(),
    ]);
}

/**
 * Rents a copy for the signed-in user, by ISBN, with the spec's toasts. It stays pending until the
 * lists are refreshed, so a control showing it is not done before the lists are.
 */
export function useRentBook() {
  const refresh = useRefreshAfterRental();
  return trpc.rentals.rent.useMutation({
    onSuccess: () => toast.success(rentalToasts.rented),
    onError: (error) => toast.error(errorMessage(error, callFallbacks.rentBook)),
    onSettled: refresh,
  });
}

/** Returns a rental (the customer's own, or any at a library the caller staffs); pending as in useRentBook. */
export function useReturnRental() {
  const refresh = useRefreshAfterRental();
  return trpc.rentals.return.useMutation({
    onSuccess: () => toast.success(rentalToasts.returned),
    onError: (error) => toast.error(errorMessage(error, callFallbacks.returnBook)),
    onSettled: refresh,
  });
}

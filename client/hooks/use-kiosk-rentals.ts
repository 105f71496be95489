import { useState } from 'react';
import toast from 'react-hot-toast';
import { KIOSK_RENTING_INDICATOR_MS } from '../../shared/constants';
import { callFallbacks, errorMessage } from '../lib/error-messages';
import { rentalToasts } from '../lib/rental-toasts';
import { trpc } from '../trpc';
import { useOneAtATime } from './use-one-at-a-time';
import { settledBy, useRefreshAfterRental } from './use-rental-actions';

/**
 * Rents a copy for the customer at the kiosk, by ISBN. `rentingIsbn` stays set for at least the
 * kiosk's renting indicator time, so the button reads 'Renting...' long enough to be seen.
 */
export function useKioskRent(libraryId: number, customerId: number) {
  const refresh = useRefreshAfterRental(libraryId);
  const [rentingIsbn, setRentingIsbn] = useState<string | null>(null);
  const mutation = trpc.rentals.kioskRent.useMutation({ onSettled: settledBy(refresh) });
  const rentOnce = useOneAtATime(mutation);

  const rent = (isbn: string) => {
    const started = Date.now();
    const sent = rentOnce(
      { libraryId, customerId, isbn },
      {
        // The call's own callbacks: after Logout, an answer that comes says nothing to the next person.
        onSuccess: () => toast.success(rentalToasts.rented),
        onError: (error) => toast.error(errorMessage(error, callFallbacks.kioskRental)),
        onSettled: () => {
          setTimeout(() => setRentingIsbn(null), Math.max(0, KIOSK_RENTING_INDICATOR_MS - (Date.now() - started)));
        },
      },
    );
    if (sent) setRentingIsbn(isbn);
  };

  return { rent, rentingIsbn };
}

/** Returns one of the customer's rentals at the kiosk; `returnRental` says how it went (while the kiosk shows the customer). */
export function useKioskReturn(libraryId: number) {
  const refresh = useRefreshAfterRental(libraryId);
  const mutation = trpc.rentals.return.useMutation({ onSettled: settledBy(refresh) });
  const returnOnce = useOneAtATime(mutation);
  const returnRental = (rentalId: number, onSettled: () => void) =>
    returnOnce(
      { rentalId },
      {
        onSuccess: () => toast.success(rentalToasts.returned),
        onError: (error) => toast.error(errorMessage(error, callFallbacks.kioskReturn)),
        onSettled,
      },
    );
  return { returnRental, isPending: mutation.isPending };
}

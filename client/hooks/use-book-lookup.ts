import { lookupErrorMessage } from '../lib/lookup-errors';
import { trpc } from '../trpc';

/** The book behind an ISBN. Lookups are cached for the whole visit and never retried (SPEC section 7). */
export function useBookLookup(isbn: string | null) {
  const lookup = trpc.lookup.lookup.useQuery(
    { isbn: isbn ?? '' },
    { enabled: !!isbn, staleTime: Infinity, gcTime: Infinity, retry: false },
  );
  return {
    book: lookup.data?.book ?? null,
    isLoading: !!isbn && lookup.isLoading,
    /** Offline, a lookup that has not run waits for the connection: nothing is known yet, not that the book is unknown. */
    isWaitingForConnection: !!isbn && lookup.isPending && lookup.isPaused,
    error: lookup.isError ? lookupErrorMessage(lookup.error) : null,
  };
}

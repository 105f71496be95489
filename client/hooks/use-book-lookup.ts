import { useState } from 'react';
import { lookupErrorMessage } from '../lib/lookup-errors';
import { trpc } from '../trpc';

/**
 * The book behind an ISBN scanned for a library (whose own copy answers first). Answers are cached for the whole
 * visit and never retried by themselves (SPEC section 7), only when the user asks (`retry`); a book added to a
 * library marks them out of date (AddBookForm), so the next scan of its ISBN asks again. A failure (the book
 * services down) is no answer: it holds no data, so the next scan of the ISBN asks again.
 * `confirmed`: the ISBN was confirmed on what its lookup just answered (the add-book form, after the confirm
 * step). A failure shown there is that answer, not asked again (SPEC section 7: not retried): the form goes on
 * with the ISBN alone at once, rather than wait on the book services a second time (up to two of their timeouts).
 */
export function useBookLookup(isbn: string | null, libraryId: number, { confirmed = false } = {}) {
  const lookup = trpc.lookup.lookup.useQuery(
    { isbn: isbn ?? '', libraryId },
    { enabled: !!isbn, staleTime: Infinity, gcTime: Infinity, retry: false, retryOnMount: !confirmed },
  );
  const failure = lookup.isError ? lookupErrorMessage(lookup.error) : null;
  // Asked again after a failure (Try again), a lookup that never had an answer reads as pending: its failure stays
  // said, with the button that asked busy and keeping the focus, until the new answer. That answer is said too
  // (`answeredAfterFailure`): the alert that held the focus goes with the failure.
  const [said, setSaid] = useState<{ isbn: string | null; failure: string; answered: boolean } | null>(null);
  if (failure !== null && (said?.failure !== failure || said.isbn !== isbn || said.answered)) setSaid({ isbn, failure, answered: false });
  else if (failure === null && said && said.isbn !== isbn) setSaid(null);
  else if (failure === null && said && !said.answered && lookup.isSuccess && !lookup.isFetching) setSaid({ ...said, answered: true });
  const retrying = failure === null && lookup.isFetching && said?.isbn === isbn && !said.answered;
  return {
    book: lookup.data?.book ?? null,
    // A 'not found' asked again (a book since catalogued) is not said again while the answer comes.
    isLoading: !!isbn && !retrying && (lookup.isLoading || (lookup.isFetching && lookup.data?.book === null)),
    /** Offline, a lookup that has not run waits for the connection: nothing is known yet, not that the book is unknown. */
    isWaitingForConnection: !!isbn && lookup.isPending && lookup.isPaused,
    error: failure ?? (retrying ? said!.failure : null),
    /** A failed lookup, asked again, has answered. */
    answeredAfterFailure: failure === null && said?.isbn === isbn && said.answered,
    /** Asks a failed lookup again, when the user says so (the book services may be back). */
    retry: { refetch: lookup.refetch, isFetching: lookup.isFetching },
  };
}

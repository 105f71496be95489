import { hasIsbnLength, normalizeIsbn } from '../../shared/isbn';
import { trpc } from '../trpc';

/**
 * The library's copy of an ISBN (in either form), read fresh: `held` is that book once an answer says the library
 * holds it (a cached one at first); `notHeld` is true only once this read's own answer says it does not (not from an
 * earlier answer, as the book may have been added since; not while it is asked, nor when it failed).
 */
export function useHeldCopy(libraryId: number, isbn: string, { enabled = true } = {}) {
  const asked = enabled && hasIsbnLength(isbn);
  const query = trpc.books.list.useQuery({ libraryId, isbn: normalizeIsbn(isbn), limit: 1 }, { enabled: asked, staleTime: 0, refetchOnMount: true });
  return { held: asked ? query.data?.[0] : undefined, notHeld: asked && query.isFetchedAfterMount && query.isSuccess && query.data.length === 0 };
}

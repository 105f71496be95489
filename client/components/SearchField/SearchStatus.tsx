import { LiveRegion } from '../LiveRegion';

interface SearchResults {
  /** The search the list was asked for (debounced); empty: no search, nothing to say. */
  search: string;
  /** The rows shown for it (0: none matched), or undefined while they are being read. */
  count: number | undefined;
  /** Whether more rows than those wait on the next page. */
  more: boolean;
}

/**
 * A list's search results as its paged query has them: not yet counted while a new search's first page
 * is read (the last search's rows stand in meanwhile). `shown`: the rows the list shows of them.
 */
export function resultsOf(search: string, query: { isPlaceholderData: boolean; hasNextPage: boolean }, shown: readonly unknown[] | undefined): SearchResults {
  return { search, count: query.isPlaceholderData ? undefined : shown?.length, more: query.hasNextPage };
}

/**
 * What a screen reader hears once a search's results are in: how many ('0 books found ...' when none
 * matched: the list's own empty text stays the one to read on the page). The text names the search, so
 * that a second search with as many results is said again.
 */
export function searchStatusText({ search, count, more }: SearchResults, [one, many]: [string, string]): string {
  if (!search || count === undefined) return '';
  return `${more ? 'More than ' : ''}${count} ${count === 1 && !more ? one : many} found for "${search}"`;
}

/** A polite live region for a list's search results; kept on the page while the list changes, so each new text is read out. */
export function SearchStatus({ text }: { text: string }) {
  return (
    <LiveRegion role="status" offScreen>
      {text}
    </LiveRegion>
  );
}

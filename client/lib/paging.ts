/**
 * The paged lists ask for one row more than a page shows: that row, the next page's first, says whether
 * there is a next page. Without it, a list ending on a page's last row offered a 'Load more' that found
 * nothing.
 */
export const pageLimit = (pageSize: number) => pageSize + 1;

/**
 * `getNextPageParam` for the paged lists (tRPC passes the page param as `cursor`): a page holding its extra
 * row has a next, starting after the last row it shows, named by its id.
 */
export const nextAfterLast =
  <Row>(pageSize: number, idOf: (row: Row) => number) =>
  (last: Row[]): number | undefined =>
    last.length > pageSize ? idOf(last[pageSize - 1]!) : undefined;

/**
 * The loaded pages as one list, each page's extra row left for the next. A row already listed is left out:
 * a row renamed between two pages moves in the order, and its next page (read after its new place) can
 * hold it, or rows before it, again.
 */
export function pagedRows<Row>(pages: Row[][] | undefined, pageSize: number, idOf: (row: Row) => number): Row[] | undefined {
  if (!pages) return undefined;
  const seen = new Set<number>();
  return pages.flatMap((page) => page.slice(0, pageSize)).filter((row) => {
    const id = idOf(row);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

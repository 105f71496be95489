/**
 * `getNextPageParam` for the paged lists (tRPC passes the page param as `cursor`): a full last page
 * means there may be more, starting after its last row, named by its id.
 */
export const nextAfterLast =
  <Row>(pageSize: number, idOf: (row: Row) => number) =>
  (last: Row[]): number | undefined =>
    last.length === pageSize ? idOf(last[last.length - 1]!) : undefined;

/**
 * The loaded pages as one list. A row already listed is left out: a row renamed between two pages moves in
 * the order, and its next page (read after its new place) can hold it, or rows before it, again.
 */
export function uniqueRows<Row>(pages: Row[][] | undefined, idOf: (row: Row) => number): Row[] | undefined {
  if (!pages) return undefined;
  const seen = new Set<number>();
  return pages.flat().filter((row) => {
    const id = idOf(row);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

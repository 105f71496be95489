/**
 * `getNextPageParam` for the paged lists (tRPC passes the page param as `cursor`): a full last page
 * means there may be more, starting after its last row, named by its id.
 */
export const nextAfterLast =
  <Row>(pageSize: number, idOf: (row: Row) => number) =>
  (last: Row[]): number | undefined =>
    last.length === pageSize ? idOf(last[last.length - 1]!) : undefined;

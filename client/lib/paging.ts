/**
 * `getNextPageParam` for the lists paged by offset (tRPC passes the page param as `cursor`): a full
 * last page means there may be more, starting after every row loaded so far.
 */
export const nextOffset =
  (pageSize: number) =>
  (last: unknown[], all: unknown[][]): number | undefined =>
    last.length === pageSize ? all.flat().length : undefined;

/**
 * How a paged list asks for its pages and shows them, for pages of `pageSize` rows named by `idOf`:
 * - `limit`: each page asks for one row more than it shows; that row, the next page's first, says whether
 *   there is a next page (without it, a list ending on a page's last row offered a 'Load more' that found nothing);
 * - `nextPage`: `getNextPageParam` (tRPC passes the page param as `cursor`): a page holding its extra row has a
 *   next, starting after the last row it shows, named by its id;
 * - `rows`: the loaded pages as one list, each page's extra row left for the next. A row already listed is left
 *   out: a row renamed between two pages moves in the order, and its next page (read after its new place) can
 *   hold it, or rows before it, again.
 */
export function paging<Row>(pageSize: number, idOf: (row: Row) => number) {
  return {
    limit: pageSize + 1,
    nextPage: (last: Row[]): number | undefined => (last.length > pageSize ? idOf(last[pageSize - 1]!) : undefined),
    rows(pages: Row[][] | undefined): Row[] | undefined {
      if (!pages) return undefined;
      const seen = new Set<number>();
      return pages.flatMap((page) => page.slice(0, pageSize)).filter((row) => {
        const id = idOf(row);
        if (seen.has(id)) return false;
        seen.add(id);
        return true;
      });
    },
  };
}

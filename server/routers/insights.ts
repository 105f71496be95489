import {
  collectionInsights,
  insightsExport,
  insightsLibraryQuery,
  insightsQuery,
  insightsSummary,
  longRentalsPageQuery,
  longRentalsPageResponse,
  longRentalsResponse,
  membersPerWeekResponse,
  neverRentedQuery,
  neverRentedResponse,
  popularBooksResponse,
  rentalsPerDayResponse,
} from '../../shared/schemas';
import { exportCsv } from '../services/insights-export';
import { collection, longRentals, longRentalsPage, membersPerWeek, neverRentedBooks, type Period, popularBooks, rentalsPerDay, summary } from '../services/insights';
import { createCoalescer } from '../services/insights-coalescing';
import { router, sharedOutput, staffProcedure, syncOutput } from '../trpc/procedures';

/** A library's figures for its staff (tRPC only: no documented /_api path). Each is one SQL query on indexed ranges. */
const forPeriod = staffProcedure.input(insightsQuery);
const forLibrary = staffProcedure.input(insightsLibraryQuery);

/**
 * Staff who open the tab together ask for the same figures at once: identical requests (after
 * the staff check) share one query that started after they arrived, so none reads older figures.
 */
const coalesce = createCoalescer();
const shared = <T>(figure: string, p: Partial<Period> & { libraryId: number }, compute: () => Promise<T>) =>
  coalesce(`${figure} ${p.libraryId} ${p.days ?? ''} ${p.timeZone ?? 'UTC'}`, compute);

export const insightsRouter = router({
  /** Rentals, returns, active and new members in the period; copies out right now. */
  summary: forPeriod.output(sharedOutput(insightsSummary)).query(({ ctx, input }) => shared('summary', input, () => summary(ctx.em, input))),
  popularBooks: forPeriod.output(sharedOutput(popularBooksResponse)).query(({ ctx, input }) => shared('popularBooks', input, () => popularBooks(ctx.em, input))),
  rentalsPerDay: forPeriod.output(sharedOutput(rentalsPerDayResponse)).query(({ ctx, input }) => shared('rentalsPerDay', input, () => rentalsPerDay(ctx.em, input))),
  membersPerWeek: forPeriod.output(sharedOutput(membersPerWeekResponse)).query(({ ctx, input }) => shared('membersPerWeek', input, () => membersPerWeek(ctx.em, input))),
  collection: forLibrary.output(sharedOutput(collectionInsights)).query(({ ctx, input }) => shared('collection', input, () => collection(ctx.em, input.libraryId))),
  /** Every book never rented, a page at a time in title order (the collection names only the first few). */
  neverRented: staffProcedure
    .input(neverRentedQuery)
    .output(syncOutput(neverRentedResponse))
    .query(({ ctx, input }) => neverRentedBooks(ctx.em, { ...input, after: input.cursor })),
  longRentals: forLibrary.output(sharedOutput(longRentalsResponse)).query(({ ctx, input }) => shared('longRentals', input, () => longRentals(ctx.em, input.libraryId))),
  /** Every copy out too long, a page at a time (longRentals shows the longest few). */
  longRentalsPage: staffProcedure
    .input(longRentalsPageQuery)
    .output(syncOutput(longRentalsPageResponse))
    .query(({ ctx, input }) => longRentalsPage(ctx.em, { ...input, after: input.cursor })),
  /** The period's rentals and the library's books as one CSV document, with a file name for it. */
  exportCsv: forPeriod.output(syncOutput(insightsExport)).query(({ ctx, input }) => exportCsv(ctx.em, { ...input, libraryName: ctx.library.name })),
});

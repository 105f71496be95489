import {
  collectionInsights,
  insightsExport,
  insightsLibraryQuery,
  insightsQuery,
  insightsSummary,
  longRentalsResponse,
  membersPerWeekResponse,
  popularBooksResponse,
  rentalsPerDayResponse,
} from '../../shared/schemas';
import { exportCsv } from '../services/insights-export';
import { collection, longRentals, membersPerWeek, popularBooks, rentalsPerDay, summary } from '../services/insights';
import { router } from '../trpc/init';
import { staffProcedure } from '../trpc/procedures';

/** A library's figures for its staff (tRPC only: no documented /_api path). Each is one SQL query on indexed ranges. */
const forPeriod = staffProcedure.input(insightsQuery);
const forLibrary = staffProcedure.input(insightsLibraryQuery);

export const insightsRouter = router({
  /** Rentals, returns, active and new members in the period; copies out right now. */
  summary: forPeriod.output(insightsSummary).query(({ ctx, input }) => summary(ctx.em, input)),
  popularBooks: forPeriod.output(popularBooksResponse).query(({ ctx, input }) => popularBooks(ctx.em, input)),
  rentalsPerDay: forPeriod.output(rentalsPerDayResponse).query(({ ctx, input }) => rentalsPerDay(ctx.em, input)),
  membersPerWeek: forPeriod.output(membersPerWeekResponse).query(({ ctx, input }) => membersPerWeek(ctx.em, input)),
  collection: forLibrary.output(collectionInsights).query(({ ctx, input }) => collection(ctx.em, input.libraryId)),
  longRentals: forLibrary.output(longRentalsResponse).query(({ ctx, input }) => longRentals(ctx.em, input.libraryId)),
  /** The period's rentals and the library's books as one CSV document, with a file name for it. */
  exportCsv: forPeriod.output(insightsExport).query(({ ctx, input }) => exportCsv(ctx.em, { ...input, libraryName: ctx.library.name })),
});

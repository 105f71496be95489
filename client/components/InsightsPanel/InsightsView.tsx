import '@mantine/charts/styles.css';
import { Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { type InsightPeriod, LONG_RENTAL_DAYS } from '../../../shared/schemas';
import { errorMessage } from '../../lib/error-messages';
import { keepPreviousWhileOnline } from '../../lib/keep-previous';
import { trpc } from '../../trpc';
import { ErrorAlert } from '../DataState';
import { DownloadCsvButton } from './DownloadCsvButton';
import { InsightSection } from './InsightSection';
import { LongRentals } from './LongRentals';
import { MembersChart } from './MembersChart';
import { NeverRented } from './NeverRented';
import { browserTimeZone, periodLabel } from './period';
import { PeriodSwitch } from './PeriodSwitch';
import { PopularBooks } from './PopularBooks';
import { RentalsChart } from './RentalsChart';
import { StatCards } from './StatCards';

/** Popular books, rental trends and member activity for one library (lazy-loaded: see InsightsPanel). */
export default function InsightsView({ libraryId }: { libraryId: number }) {
  const [days, setDays] = useState<InsightPeriod>(30);
  const [timeZone] = useState(browserTimeZone);
  const period = { libraryId, days, timeZone };
  const keep = { placeholderData: keepPreviousWhileOnline };
  const summary = trpc.insights.summary.useQuery(period, keep);
  const collection = trpc.insights.collection.useQuery({ libraryId });
  const popular = trpc.insights.popularBooks.useQuery(period, keep);
  const perDay = trpc.insights.rentalsPerDay.useQuery(period, keep);
  const perWeek = trpc.insights.membersPerWeek.useQuery(period, keep);
  const longRentals = trpc.insights.longRentals.useQuery({ libraryId });
  const periodText = periodLabel(days);

  const figuresError = summary.error ?? collection.error;
  // Each place of the tab that failed says so with its own Try again; when several did (the server down, say), one
  // alert above them says it for all, and one Try again asks every failed read again: not an alert read out for
  // each card. The figures come from two reads (the collection's also fills Never rented).
  const placesFailed = [!!figuresError, perDay.isError, popular.isError, perWeek.isError, longRentals.isError, collection.isError].filter(Boolean).length;
  const saidAbove = placesFailed > 1;
  const failedReads = [summary, collection, popular, perDay, perWeek, longRentals].filter((query) => query.isError);
  const aboveError = saidAbove ? failedReads[0]?.error : figuresError;
  const aboveRetry = {
    refetch: () => (saidAbove ? failedReads : [summary, collection].filter((query) => query.isError)).forEach((query) => void query.refetch()),
    isFetching: (saidAbove ? failedReads : [summary, collection]).some((query) => query.isFetching),
  };
  const section = { failureSaidAbove: saidAbove };
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={2} size="h3">
          Insights
        </Title>
        <Group gap="sm">
          <PeriodSwitch days={days} onChange={setDays} />
          <DownloadCsvButton period={period} />
        </Group>
      </Group>
      {aboveError ? <ErrorAlert retry={aboveRetry}>Could not load insights: {errorMessage(aboveError)}</ErrorAlert> : null}
      {!figuresError && <StatCards summary={summary.data} collection={collection.data} />}
      <InsightSection title="Rentals and returns per day" {...section} query={perDay} isEmpty={(d) => !d.rentals.some(Boolean) && !d.returns.some(Boolean)} empty="No rentals in this period yet.">
        {(d) => <RentalsChart perDay={d} periodText={periodText} />}
      </InsightSection>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <InsightSection title="Most rented books" {...section} query={popular} isEmpty={(d) => d.books.length === 0} empty="No books rented in this period yet.">
          {(d) => <PopularBooks books={d.books} />}
        </InsightSection>
        <InsightSection title="Members per week" {...section} query={perWeek} isEmpty={(d) => d.weeks.every((w) => !w.activeMembers && !w.newMembers)} empty="No member activity in this period yet.">
          {(d) => <MembersChart weeks={d.weeks} periodText={periodText} />}
        </InsightSection>
      </SimpleGrid>
      {/* Lists grow (the never-rented one to every book): a card is as tall as its own list, not its neighbour's. */}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" style={{ alignItems: 'start' }}>
        <InsightSection title={`Out for more than ${LONG_RENTAL_DAYS} days`} {...section} query={longRentals} isEmpty={(d) => d.total === 0} empty={`No rentals older than ${LONG_RENTAL_DAYS} days.`} height={120}>
          {(d) => <LongRentals libraryId={libraryId} total={d.total} rentals={d.rentals} />}
        </InsightSection>
        <InsightSection title="Never rented" {...section} query={collection} isEmpty={(d) => d.books === 0} empty="No books in this library yet." height={120}>
          {(d) => <NeverRented libraryId={libraryId} collection={d} />}
        </InsightSection>
      </SimpleGrid>
    </Stack>
  );
}

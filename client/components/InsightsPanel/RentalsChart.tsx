import { periodDay, type RentalsPerDay } from '../../../shared/schemas';
import { firstThatFits } from './bar-fit';
import { bucketDays, DAY_SPANS, type DaySpan, partEnds } from './buckets';
import { ChartKey, type ChartSeries } from './ChartKey';
import { ChartTable } from './ChartTable';
import { CountBars, usePlotWidth } from './CountBars';
import { shortDay, shortMonth } from './period';

const SERIES: ChartSeries<'rentals' | 'returns'>[] = [
  { name: 'rentals', label: 'Rentals', color: 'blue.6' },
  { name: 'returns', label: 'Returns', color: 'teal.6' },
];

const SPAN_TEXT: Record<Exclude<DaySpan, 'day'>, string> = {
  week: 'Each bar adds up a week, Monday to Sunday',
  month: 'Each bar adds up a calendar month',
};

/**
 * Rentals and returns per day, as bars and, for screen readers, a table of every day. Where a day's bars would be too
 * narrow to see (a month on a phone, a year anywhere), each bar adds up a week or a month, and the key says so; a
 * series with nothing in the period keeps no room beside the other's bars.
 */
export function RentalsChart({ perDay, periodText }: { perDay: RentalsPerDay; periodText: string }) {
  const plot = usePlotWidth();
  const drawn = SERIES.filter(({ name }) => perDay[name].some(Boolean));
  const counts = drawn.map(({ name }) => perDay[name]);
  // Nothing is drawn before the width is known: no grouping is said for it either.
  const span = plot.plotWidth > 0 ? firstThatFits(DAY_SPANS, (span) => bucketDays(perDay.firstDay, counts, span).length, plot.plotWidth, drawn.length) : 'day';
  const buckets = bucketDays(perDay.firstDay, counts, span);
  const dated = span === 'month' ? shortMonth : shortDay;
  const bars = buckets.map((bucket) => ({ label: dated(bucket.firstDay), ...Object.fromEntries(drawn.map(({ name }, s) => [name, bucket.totals[s]!])) }));
  return (
    <>
      {/* Five or six weeks each keep their label on a phone; more bars' labels are thinned with room to spare. */}
      <CountBars plot={plot} data={bars} series={drawn} minTickGap={bars.length <= 6 ? 4 : 24} maxBarWidth={12} />
      <ChartKey series={drawn} none={SERIES.filter((series) => !drawn.includes(series))} bars={span === 'day' ? undefined : spanText(span, partEnds(buckets, span))} />
      <ChartTable
        caption={`Rentals and returns per day, last ${periodText}`}
        columns={['Day', 'Rentals', 'Returns']}
        rows={perDay.rentals.map((rentals, i) => [shortDay(periodDay(perDay.firstDay, i)), rentals, perDay.returns[i]!])}
      />
    </>
  );
}

/** 'Each bar adds up a week, Monday to Sunday; the first counts only days in this period.' */
function spanText(span: Exclude<DaySpan, 'day'>, part: ('first' | 'last')[]) {
  if (part.length === 0) return `${SPAN_TEXT[span]}.`;
  return `${SPAN_TEXT[span]}; the ${part.join(' and ')} ${part.length > 1 ? 'count' : 'counts'} only days in this period.`;
}

import { Card, SimpleGrid, Text } from '@mantine/core';
import type { CollectionInsights, InsightsSummary } from '../../../shared/schemas';
import { copiesText } from '../../lib/copies-text';
import { WhileLoading } from '../DataState';
import { FiguresSkeleton } from './InsightsSkeleton';

interface Stat {
  label: string;
  value: string;
  hint?: string;
}

function stats(summary: InsightsSummary, collection: CollectionInsights): Stat[] {
  return [
    { label: 'Rentals', value: String(summary.rentals), hint: 'in this period' },
    { label: 'Returns', value: String(summary.returns), hint: 'in this period' },
    { label: 'Active members', value: String(summary.activeMembers), hint: 'rented in this period' },
    { label: 'New members', value: String(summary.newMembers), hint: 'joined in this period' },
    { label: 'Out now', value: String(summary.currentRentals), hint: `of ${copiesText(collection.copies)}` },
    {
      label: 'Average rating',
      value: collection.averageRating === null ? '–' : `${collection.averageRating.toFixed(1)} / 5`,
      hint: collection.ratingsCount === 1 ? 'from 1 rating' : `from ${collection.ratingsCount} ratings`,
    },
  ];
}

/** The period's headline numbers; each card reads as 'label: value' to a screen reader. */
export function StatCards({ summary, collection }: { summary?: InsightsSummary; collection?: CollectionInsights }) {
  if (!summary || !collection) {
    return (
      <WhileLoading>
        <FiguresSkeleton label="Loading figures" />
      </WhileLoading>
    );
  }
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" component="dl" m={0}>
      {stats(summary, collection).map((stat) => (
        <Card key={stat.label} withBorder radius="md" padding="sm">
          <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
            {stat.label}
          </Text>
          <Text component="dd" m={0} fz={26} fw={700} lh={1.2}>
            {stat.value}
          </Text>
          {stat.hint && (
            <Text component="dd" m={0} size="xs" c="dimmed">
              {stat.hint}
            </Text>
          )}
        </Card>
      ))}
    </SimpleGrid>
  );
}

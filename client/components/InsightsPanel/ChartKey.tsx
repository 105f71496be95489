import { ColorSwatch, Group, Text } from '@mantine/core';

export type ChartSeries<Name extends string = string> = { name: Name; label: string; color: string };

/**
 * Which colour is which series, under a chart, and what its bars stand for where that needs saying (`bars`): a
 * week or a month added up, a run of weeks averaged, a week still in progress.
 * A series with no data in the period (`none`) is drawn without room kept for it, and said to be none here.
 * Laid out by the page rather than drawn inside the chart (whose legend has a fixed height): on a phone it wraps to a
 * second line and pushes what follows down, rather than overlapping it. Hidden from screen readers, as the chart
 * is: its table says it.
 */
export function ChartKey({ series, none = [], bars }: { series: ChartSeries[]; none?: ChartSeries[]; bars?: string }) {
  return (
    <div aria-hidden="true">
      <Group gap="md" justify="center" mt={4} style={{ rowGap: 4 }}>
        {series.map(({ name, label, color }) => (
          <Group key={name} gap={6} wrap="nowrap">
            <ColorSwatch size={12} withShadow={false} color={`var(--mantine-color-${color.replace('.', '-')})`} />
            <Text size="sm">{label}</Text>
          </Group>
        ))}
        {none.map(({ name, label }) => (
          <Text key={name} size="sm" c="dimmed">
            <span>{label}</span>: none
          </Text>
        ))}
      </Group>
      {bars && (
        <Text size="xs" c="dimmed" ta="center" mt={2}>
          {bars}
        </Text>
      )}
    </div>
  );
}

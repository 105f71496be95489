import { ColorSwatch, Group, Text } from '@mantine/core';

export type ChartSeries = { name: string; label: string; color: string };

/**
 * Which colour is which series, under a chart. Laid out by the page rather than drawn inside the chart
 * (whose legend has a fixed height): on a phone it wraps to a second line and pushes what follows down,
 * rather than overlapping it. Hidden from screen readers, as the chart is: its table says it.
 */
export function ChartKey({ series }: { series: ChartSeries[] }) {
  return (
    <Group gap="md" justify="center" mt={4} style={{ rowGap: 4 }} aria-hidden="true">
      {series.map(({ name, label, color }) => (
        <Group key={name} gap={6} wrap="nowrap">
          <ColorSwatch size={12} withShadow={false} color={`var(--mantine-color-${color.replace('.', '-')})`} />
          <Text size="sm">{label}</Text>
        </Group>
      ))}
    </Group>
  );
}

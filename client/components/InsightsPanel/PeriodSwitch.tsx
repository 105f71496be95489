import { SegmentedControl, useMatches } from '@mantine/core';
import type { InsightPeriod } from '../../../shared/schemas';
import { periodOptions } from './period';
import classes from './PeriodSwitch.module.css';

/** Which period the insights count: 7 days, 30 days, 90 days or a year. */
export function PeriodSwitch({ days, onChange }: { days: InsightPeriod; onChange: (days: InsightPeriod) => void }) {
  // The four periods in one row fit a 320 px phone only at the smaller size.
  const size = useMatches({ base: 'xs', xs: 'sm' });
  return (
    <SegmentedControl
      size={size}
      aria-label="Period"
      value={String(days)}
      onChange={(value) => onChange(Number(value) as InsightPeriod)}
      data={periodOptions}
      classNames={{ label: classes.label }}
    />
  );
}

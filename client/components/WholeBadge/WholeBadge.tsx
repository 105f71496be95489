import { Badge, type BadgeProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Read whole, not cut short with an ellipsis as Mantine's badges are: too long for its line (large counts, the
 * narrowest phones), it wraps between words and grows in height. Its text is in sentence case as written.
 */
const WRAPPING = {
  root: { height: 'auto', minHeight: 'var(--badge-height)', maxWidth: '100%' },
  label: { whiteSpace: 'normal', overflow: 'visible' },
} as const;

export function WholeBadge(props: Omit<BadgeProps, 'styles' | 'tt'> & { children: ReactNode; 'data-warning'?: true }) {
  return <Badge tt="none" styles={WRAPPING} {...props} />;
}

import { type MantineSize, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface BookHeadingProps {
  title: string;
  /** The line under the title: its author, and what is said beside them (the library). */
  byline: ReactNode;
  /** The title's id, for its card's aria-labelledby. */
  id?: string;
  /** A card's heading; a row of a list (Rental History) is none. */
  component?: 'h3' | 'p';
  /** The title's size; the byline's is 'sm'. */
  size?: MantineSize;
}

/** A book's title, in bold, and its author under it, each in the direction of its own script. */
export function BookHeading({ title, byline, id, component = 'h3', size }: BookHeadingProps) {
  return (
    <>
      {/* Whole, however long: titles of a series may differ only at their end. */}
      <Text component={component} fw={600} size={size} id={id} dir="auto" style={{ overflowWrap: 'anywhere' }}>
        {title}
      </Text>
      <Text size="sm" c="dimmed" dir="auto">
        {byline}
      </Text>
    </>
  );
}

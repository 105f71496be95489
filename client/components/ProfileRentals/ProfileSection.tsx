import { Card, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** A card of the profile below Personal Information: a region named by its heading, a line on what it holds. */
export function ProfileSection({ id, title, description, children }: { id: string; title: string; description: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card withBorder padding="lg" radius="md" component="section" id={id} aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {description}
      </Text>
      {children}
    </Card>
  );
}

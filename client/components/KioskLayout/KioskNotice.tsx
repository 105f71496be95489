import { Card, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A kiosk that cannot open: why, in the spec's words, and the way forward when there is one. */
export function KioskNotice({ title, message, action }: { title: string; message: string; action?: ReactNode }) {
  return (
    <Card withBorder padding="xl" radius="md" role="alert">
      <Title order={2} size="h3" mb="sm" c="red.8">
        {title}
      </Title>
      <Text>{message}</Text>
      {action}
    </Card>
  );
}

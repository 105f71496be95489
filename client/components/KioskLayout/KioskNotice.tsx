import { Card, Text, Title } from '@mantine/core';

/** A kiosk that cannot open: why, in the spec's words. */
export function KioskNotice({ title, message }: { title: string; message: string }) {
  return (
    <Card withBorder padding="xl" radius="md" role="alert">
      <Title order={2} size="h3" mb="sm" c="red.8">
        {title}
      </Title>
      <Text>{message}</Text>
    </Card>
  );
}

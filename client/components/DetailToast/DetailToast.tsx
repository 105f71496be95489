import { Stack, Text } from '@mantine/core';

/** A toast's message with a line under it that says more. */
export function DetailToast({ title, description }: { title: string; description: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      <Text size="xs" c="dimmed">
        {description}
      </Text>
    </Stack>
  );
}

import { Stack, Text, Title } from '@mantine/core';
import { type Retry, RetryButton } from '../DataState';

/**
 * A centred title and line for the empty, waiting and failed states of the kiosk's lists; where focus
 * goes when the list's last row takes itself away (useFocusAfterRemoval).
 */
export function StateMessage({ title, text, error = false, retry }: { title?: string; text: string; error?: boolean; retry?: Retry }) {
  return (
    <Stack gap={4} align="center" ta="center" py="xl" px="md" role={error ? 'alert' : undefined} tabIndex={-1} data-focus-fallback>
      {title && (
        <Title order={3} size="h4" c={error ? 'red.8' : undefined}>
          {title}
        </Title>
      )}
      <Text c="dimmed">{text}</Text>
      {retry && <RetryButton retry={retry} />}
    </Stack>
  );
}

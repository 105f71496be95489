import { Button, Modal, Stack, Text } from '@mantine/core';

/** Shown during the last seconds before an idle customer is signed out; dismissing it keeps them signed in. */
export function InactivityWarning({ secondsLeft, onStay }: { secondsLeft: number | null; onStay: () => void }) {
  return (
    <Modal opened={secondsLeft !== null} onClose={onStay} title="Are you still there?" centered>
      <Stack>
        <Text>
          For your privacy you will be signed out in {secondsLeft ?? 0} {secondsLeft === 1 ? 'second' : 'seconds'}.
        </Text>
        <Button size="lg" onClick={onStay} data-autofocus>
          I'm still here
        </Button>
      </Stack>
    </Modal>
  );
}

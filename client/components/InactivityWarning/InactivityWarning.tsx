import { Button, getDefaultZIndex, Modal, Stack, Text } from '@mantine/core';

interface InactivityWarningProps {
  secondsLeft: number | null;
  onStay: () => void;
  /** What the end of the count does: 'you will be signed out', 'this form will be cleared'. */
  outcome: string;
}

/**
 * Shown during the last seconds before an idle kiosk starts over; dismissing it keeps what is there. Over
 * any dialog the patron left open (a return to confirm): a modal's layer would otherwise follow the order
 * the dialogs were first shown in.
 */
export function InactivityWarning({ secondsLeft, onStay, outcome }: InactivityWarningProps) {
  return (
    <Modal opened={secondsLeft !== null} onClose={onStay} title="Are you still there?" centered zIndex={getDefaultZIndex('overlay')}>
      <Stack>
        <Text>
          For your privacy {outcome} in {secondsLeft ?? 0} {secondsLeft === 1 ? 'second' : 'seconds'}.
        </Text>
        <Button size="lg" onClick={onStay} data-autofocus>
          I'm still here
        </Button>
      </Stack>
    </Modal>
  );
}

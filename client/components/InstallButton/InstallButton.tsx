import { Button, Stack, Text } from '@mantine/core';
import { useInstallPrompt } from '../../hooks/use-install-prompt';
import type { InstallOutcome } from '../../lib/install-prompt';
import { lazyToast } from '../../lib/lazy-toast';

const LABELS = { available: 'Install App', installing: 'Installing...', installed: 'App Installed' } as const;

function ResultToast({ title, description }: { title: string; description: string }) {
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

async function showInstallResult(outcome: InstallOutcome) {
  const toast = await lazyToast();
  if (outcome === 'accepted') {
    toast.success(<ResultToast title="App installed successfully!" description="You can launch it from your home screen." />);
  } else {
    toast(<ResultToast title="Installation cancelled." description="You can install later from the settings menu." />, { icon: 'ℹ️' });
  }
}

/** The header's install button: shown once the browser offers installation, and after it. */
export function InstallButton() {
  const { state, install } = useInstallPrompt(showInstallResult);
  if (state === 'unavailable') return null;
  return (
    <Button
      variant={state === 'available' ? 'light' : 'subtle'}
      size="compact-sm"
      onClick={install}
      disabled={state !== 'available'}
    >
      {LABELS[state]}
    </Button>
  );
}

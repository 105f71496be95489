import { ActionIcon, Button } from '@mantine/core';
import { useInstallPrompt } from '../../hooks/use-install-prompt';
import type { InstallOutcome } from '../../lib/install-prompt';
import { lazyToast } from '../../lib/lazy-toast';
import { DetailToast } from '../DetailToast';

const LABELS = { available: 'Install App', installing: 'Installing...', installed: 'App Installed' } as const;

async function showInstallResult(outcome: InstallOutcome) {
  const toast = await lazyToast();
  if (outcome === 'accepted') {
    toast.success(<DetailToast title="App installed successfully!" description="You can launch it from your home screen." />);
  } else {
    toast(<DetailToast title="Installation cancelled." description="You can install later from the settings menu." />, { icon: 'ℹ️' });
  }
}

function InstallIcon({ installed }: { installed: boolean }) {
  return (
    <svg width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      {installed ? <path d="M5 12l5 5L20 7" /> : <path d="M12 4v11m-5-5 5 5 5-5M5 20h14" />}
    </svg>
  );
}

/** The header's install button: shown once the browser offers installation, and after it. Phones get an icon with the same name. */
export function InstallButton() {
  const { state, install } = useInstallPrompt(showInstallResult);
  if (state === 'unavailable') return null;
  const label = LABELS[state];
  const disabled = state !== 'available';
  return (
    <>
      <Button visibleFrom="sm" variant={disabled ? 'subtle' : 'light'} size="compact-sm" onClick={install} disabled={disabled}>
        {label}
      </Button>
      <ActionIcon
        hiddenFrom="sm"
        variant={disabled ? 'subtle' : 'light'}
        size="lg"
        radius="xl"
        onClick={install}
        disabled={disabled}
        loading={state === 'installing'}
        aria-label={label}
        title={label}
      >
        <InstallIcon installed={state === 'installed'} />
      </ActionIcon>
    </>
  );
}

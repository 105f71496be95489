import { useSyncExternalStore } from 'react';
import { INSTALL_RESULT_TOAST_DELAY_MS } from '../../shared/constants';
import { createInstallPrompt, type InstallOutcome } from '../lib/install-prompt';

// Listening starts when the app loads, not when the header first shows the button.
const installPrompt = createInstallPrompt(window);

/** Install state for the header button; `install` reports the outcome once the prompt has closed for 500 ms. */
export function useInstallPrompt(onResult: (outcome: InstallOutcome) => void) {
  const state = useSyncExternalStore(installPrompt.subscribe, installPrompt.getState);
  const install = async () => {
    const outcome = await installPrompt.prompt();
    setTimeout(() => onResult(outcome), INSTALL_RESULT_TOAST_DELAY_MS);
  };
  return { state, install };
}

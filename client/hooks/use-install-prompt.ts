import { useSyncExternalStore } from 'react';
import { INSTALL_RESULT_TOAST_DELAY_MS } from '../../shared/constants';
import { createInstallPrompt, type InstallOutcome } from '../lib/install-prompt';

// Listening starts when the app loads, not when the header first shows the button. The build's prerender
// (Node, no window) loads this module too, but only signed-in headers use the hook.
const installPrompt = typeof window === 'undefined' ? null! : createInstallPrompt(window);

/** Install state for the header button; `install` reports the outcome once the prompt has closed for 500 ms. */
export function useInstallPrompt(onResult: (outcome: InstallOutcome) => void) {
  const state = useSyncExternalStore(installPrompt.subscribe, installPrompt.getState);
  const install = async () => {
    const outcome = await installPrompt.prompt();
    setTimeout(() => onResult(outcome), INSTALL_RESULT_TOAST_DELAY_MS);
  };
  return { state, install };
}

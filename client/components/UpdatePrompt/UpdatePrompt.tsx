import { Affix, Button, Group, Notification, Text } from '@mantine/core';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { useEffect } from 'react';
import { useRoute } from 'wouter';
import { PRODUCT_NAME } from '../../../shared/constants';
import { applyUpdate, setUpdateWaiting } from '../../lib/app-update';
import { OFFLINE_BANNER_HEIGHT, useBottomBar } from '../Toasts/bottom-bars';

const UPDATE_CHECK_INTERVAL_MS = 60 * 60_000;
/** The prompt's gap from the screen's edges, and from the offline banner below it. */
const INSET = 16;

/**
 * Registers the service worker; when a new version is waiting, offers to apply it (the page reloads). A kiosk
 * is not offered it, over its patrons' buttons: it applies it itself between patrons (KioskPhoneScreen).
 */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
  } = useRegisterSW({
    // The new version took over from another tab: this one is not reloaded under the user's hands (a form
    // half filled), but offered the update again, which now reloads it.
    onNeedReload: () => setNeedRefresh(true),
    onRegisteredSW(_url, registration) {
      // A tab left open for days still hears about new versions.
      if (registration) setInterval(() => registration.update().catch(() => undefined), UPDATE_CHECK_INTERVAL_MS);
    },
  });

  const [isKiosk] = useRoute('/kiosk/:libraryId');
  const measurePrompt = useBottomBar('--update-prompt-height', INSET);
  // Still waiting once 'Later' hides the prompt: only taking it over (a reload) ends the wait.
  useEffect(() => {
    if (needRefresh) setUpdateWaiting();
  }, [needRefresh]);

  if (!needRefresh || isKiosk) return null;
  return (
    // Above the offline banner, rather than over its notice.
    <Affix position={{ bottom: `calc(${INSET}px + ${OFFLINE_BANNER_HEIGHT})`, right: INSET }} zIndex={300}>
      <Notification
        ref={measurePrompt}
        title="Update available"
        onClose={() => setNeedRefresh(false)}
        closeButtonProps={{ 'aria-label': 'Later' }}
        withBorder
        role="alert"
        maw={`min(360px, calc(100vw - ${2 * INSET}px))`}
      >
        <Text size="sm">A new version of {PRODUCT_NAME} is available.</Text>
        <Group justify="flex-end" mt="xs">
          <Button size="xs" onClick={() => void applyUpdate()}>
            Update
          </Button>
        </Group>
      </Notification>
    </Affix>
  );
}

import { Affix, Button, Group, Notification, Text } from '@mantine/core';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { PRODUCT_NAME } from '../../../shared/constants';

const UPDATE_CHECK_INTERVAL_MS = 60 * 60_000;

/**
 * Tells the waiting worker to take over, then reloads once it controls the page, through the browser's
 * own API: workbox-window's instance sometimes did neither when the app started after the page's first
 * paint (it took the new worker for someone else's). When another tab applied it already, none waits:
 * the page reloads at once.
 */
async function applyUpdate() {
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration?.waiting) return window.location.reload();
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  registration.waiting.postMessage({ type: 'SKIP_WAITING' });
}

/** Registers the service worker; when a new version is waiting, offers to apply it (the page reloads). */
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

  if (!needRefresh) return null;
  return (
    <Affix position={{ bottom: 16, right: 16 }} zIndex={300}>
      <Notification title="Update available" onClose={() => setNeedRefresh(false)} closeButtonProps={{ 'aria-label': 'Later' }} maw={360} withBorder role="alert">
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

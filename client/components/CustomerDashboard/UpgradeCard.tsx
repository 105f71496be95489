import { Button, Card, Group, Modal, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useSetSession } from '../../hooks/use-auth';
import { useOneAtATime } from '../../hooks/use-one-at-a-time';
import { busyProps } from '../../lib/busy';
import { focusHeading } from '../../lib/focus-heading';
import { callFallbacks, errorMessage } from '../../lib/error-messages';
import { announceAccountChange, rereadAccount } from '../../lib/session-sync';
import { wrapLabel } from '../../lib/wrapping-label';
import { trpc } from '../../trpc';

/** A customer may turn their own account into a library admin's, once they confirm: there is no way back from the app. */
export function UpgradeCard() {
  const [confirming, setConfirming] = useState(false);
  const upgraded = useRef(false);
  // Upgraded, the dashboard becomes a library admin's, without this card or the button the dialog would
  // give the focus back to: it goes to the page's heading, rather than falling to the page's body.
  useEffect(
    () => () => {
      if (upgraded.current) setTimeout(focusPageHeading);
    },
    [],
  );
  const utils = trpc.useUtils();
  const setSession = useSetSession();
  const queryClient = useQueryClient();
  const upgrade = trpc.profile.upgradeToAdmin.useMutation({
    onSuccess: async ({ user }) => {
      // A library admin sees only the libraries they staff. That list is read before the dashboard becomes
      // theirs, so it never offers, even for a moment, to manage the library picked as a customer.
      await utils.libraries.list.fetch(undefined, { staleTime: 0 }).catch(() => utils.libraries.list.invalidate());
      upgraded.current = true;
      setSession({ user });
      // The browser's other tabs hold the customer's screen: they read the account again.
      announceAccountChange();
      toast.success('Successfully upgraded to Library Admin!');
    },
    onError: (error) => {
      toast.error(errorMessage(error, callFallbacks.upgradeAccount));
      // Refused as not a customer: the account changed elsewhere (upgraded on another device), so it is read
      // again, its libraries first, as a change in another tab is.
      if (error.data?.code === 'FORBIDDEN') void rereadAccount(queryClient);
    },
    onSettled: () => setConfirming(false),
  });
  const upgradeOnce = useOneAtATime(upgrade);

  return (
    <Card withBorder radius="md" padding="md" mb="lg">
      <Group justify="space-between" gap="sm">
        <Text size="sm">Become a Library Admin to manage your own library and books</Text>
        <Button variant="light" disabled={upgrade.isPending} onClick={() => setConfirming(true)} {...wrapLabel(36)}>
          {upgrade.isPending ? 'Upgrading...' : 'Upgrade to Library Admin'}
        </Button>
      </Group>
      <Modal opened={confirming} onClose={() => !upgrade.isPending && setConfirming(false)} title="Upgrade your account?" centered>
        <Text size="sm">
          As a Library Admin you create libraries and manage their books, rentals and customers. Your dashboard shows the libraries you manage
          instead of your rentals, and your account cannot be turned back into a customer's here.
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(false)} disabled={upgrade.isPending}>
            Cancel
          </Button>
          <Button {...busyProps(upgrade.isPending)} onClick={() => upgradeOnce({})}>
            {upgrade.isPending ? 'Upgrading...' : 'Upgrade'}
          </Button>
        </Group>
      </Modal>
    </Card>
  );
}

function focusPageHeading() {
  const main = document.querySelector('main');
  if (!main || (document.activeElement && document.activeElement !== document.body)) return;
  focusHeading(main, main.querySelector('h1'));
}

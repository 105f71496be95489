import { Button, Card, Group, Text } from '@mantine/core';
import toast from 'react-hot-toast';
import { callFallbacks, errorMessage } from '../../lib/error-messages';
import { trpc } from '../../trpc';

/** A customer may turn their own account into a library admin's. */
export function UpgradeCard() {
  const utils = trpc.useUtils();
  const upgrade = trpc.profile.upgradeToAdmin.useMutation({
    onSuccess: ({ user }) => {
      utils.auth.session.setData(undefined, { user });
      // A library admin sees only the libraries they staff.
      void utils.libraries.list.invalidate();
      toast.success('Successfully upgraded to Library Admin!');
    },
    onError: (error) => toast.error(errorMessage(error, callFallbacks.upgradeAccount)),
  });

  return (
    <Card withBorder radius="md" padding="md" mb="lg">
      <Group justify="space-between" gap="sm">
        <Text size="sm">Become a Library Admin to manage your own library and books</Text>
        <Button variant="light" disabled={upgrade.isPending} onClick={() => upgrade.mutate({})}>
          {upgrade.isPending ? 'Upgrading...' : 'Upgrade to Library Admin'}
        </Button>
      </Group>
    </Card>
  );
}

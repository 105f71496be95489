import { Badge, Button, Card, Group, Modal, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import { type Ref, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { addStaffInput, type StaffMember } from '../../../shared/schemas';
import { useAuth } from '../../hooks/use-auth';
import { useFocusAfterRemoval } from '../../hooks/use-focus-after-removal';
import { useOneAtATime } from '../../hooks/use-one-at-a-time';
import { useZodForm } from '../../hooks/use-zod-form';
import { busyButtonProps, busyProps } from '../../lib/busy';
import { errorMessage } from '../../lib/error-messages';
import { trpc } from '../../trpc';
import { BreakableEmail } from '../BreakableEmail';
import { ErrorAlert, ListSkeleton } from '../DataState';
import { DateText } from '../DateText';
import classes from './LibraryAdminDashboard.module.css';
import staffClasses from './StaffPanel.module.css';

const LOAD_FALLBACK = 'Failed to fetch staff';
const ADD_FALLBACK = 'Failed to add staff member';
const REMOVE_FALLBACK = 'Failed to remove staff member';

/**
 * Who runs the library: its staff, each of whom manages its books, rentals, customers and kiosk. Staff add a
 * colleague by the email of their library admin account, and remove one, or leave themselves; never the last.
 */
export function StaffPanel({ libraryId }: { libraryId: number }) {
  const staff = trpc.libraries.staff.useQuery({ libraryId });
  const [removing, setRemoving] = useState<StaffMember | null>(null);
  const focus = useFocusAfterRemoval<HTMLDivElement>();
  const dialog = useRef<HTMLDivElement>(null);

  let list;
  if (staff.isPending) list = <ListSkeleton label="Loading staff" count={2} height={88} />;
  else if (staff.isError) list = <ErrorAlert retry={staff}>Failed to load staff: {errorMessage(staff.error, LOAD_FALLBACK)}</ErrorAlert>;
  else {
    const members = staff.data.staff;
    list = (
      <>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {members.map((member) => (
            <StaffCard key={member.id} member={member} canRemove={members.length > 1} onRemove={() => setRemoving(member)} />
          ))}
        </SimpleGrid>
        {members.length === 1 && (
          <Text size="sm" c="dimmed" data-focus-fallback tabIndex={-1}>
            A library needs at least one staff member: add a colleague before its last one can leave.
          </Text>
        )}
      </>
    );
  }

  return (
    <div className={classes.panel}>
      <Title order={2} size="h3" className={classes.heading}>
        Library Staff
      </Title>
      <Text size="sm" c="dimmed">
        Staff manage this library's books, rentals and customers, and open its kiosk. Add a colleague by the email of their library admin account.
      </Text>
      <AddStaffForm libraryId={libraryId} />
      <div ref={focus.ref} className={classes.panel}>
        {list}
      </div>
      <RemoveStaffDialog libraryId={libraryId} member={removing} onClose={() => setRemoving(null)} ref={dialog} onClosed={() => focus.restore(dialog.current)} />
    </div>
  );
}

function StaffCard({ member, canRemove, onRemove }: { member: StaffMember; canRemove: boolean; onRemove: () => void }) {
  const { user } = useAuth();
  const isYou = member.id === user?.id;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={member.displayName} data-focus-row={member.id}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Text component="h3" fw={600} dir="auto" style={{ overflowWrap: 'anywhere' }}>
          {member.displayName}
        </Text>
        {isYou && (
          <Badge variant="light" style={{ flexShrink: 0 }}>
            You
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        <BreakableEmail email={member.email} />
      </Text>
      <Group justify="space-between" align="center" mt={6} gap="xs">
        <Text size="xs" c="dimmed">
          Staff since: <DateText date={member.since} />
        </Text>
        {canRemove && (
          <Button size="xs" variant="subtle" color="red" className={staffClasses.removeButton} onClick={onRemove} aria-label={isYou ? undefined : `Remove ${member.displayName}`}>
            {isYou ? 'Leave' : 'Remove'}
          </Button>
        )}
      </Group>
    </Card>
  );
}

/** The email of a library admin's account: refused here when it cannot be one, by the server when it is no library admin's. */
function AddStaffForm({ libraryId }: { libraryId: number }) {
  const utils = trpc.useUtils();
  const form = useZodForm(addStaffInput.pick({ email: true }), { email: '' });
  const add = trpc.libraries.addStaff.useMutation({
    onSuccess: async (member) => {
      toast.success(`${member.displayName} was added to the staff.`);
      form.reset();
      await utils.libraries.staff.invalidate({ libraryId });
    },
    // The refusal is the email's: no such library admin, already staff, or too many tries. Said on the field.
    onError: (error) => form.setErrors({ email: errorMessage(error, ADD_FALLBACK) }),
  });
  const addOnce = useOneAtATime(add);
  return (
    <form
      onSubmit={form.handleSubmit((data) => {
        if (!add.isPending) addOnce({ libraryId, email: data.email });
      })}
      noValidate
      className={staffClasses.addForm}
    >
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          type="email"
          label="Colleague's email"
          placeholder="name@example.com"
          autoComplete="off"
          required
          style={{ flex: '1 1 16rem' }}
          {...form.inputProps('email')}
        />
        <Button type="submit" mt={{ base: 0, xs: 25 }} className={staffClasses.addButton} {...busyProps(add.isPending)}>
          {add.isPending ? 'Adding...' : 'Add to Staff'}
        </Button>
      </Group>
    </form>
  );
}

interface RemoveStaffDialogProps {
  libraryId: number;
  member: StaffMember | null;
  onClose: () => void;
  /** Once the dialog has gone: focus goes to the staff member now in the removed one's place. */
  onClosed: () => void;
  ref: Ref<HTMLDivElement>;
}

/** Asks before a staff member is removed, or leaves: leaving, the library drops out of their own list. */
function RemoveStaffDialog({ libraryId, member, onClose, onClosed, ref }: RemoveStaffDialogProps) {
  const { user } = useAuth();
  const utils = trpc.useUtils();
  // Kept while the dialog fades out, so its words do not change as it goes.
  const [shown, setShown] = useState<StaffMember | null>(member);
  if (member && member !== shown) setShown(member);
  const leaving = shown?.id === user?.id;
  const remove = trpc.libraries.removeStaff.useMutation({
    onSuccess: async (answer, { userId }) => {
      if (userId === user?.id) {
        toast.success("You left the library's staff.");
        // The library is no longer theirs: it leaves their picker, and the dashboard asks them to pick one.
        await utils.libraries.list.invalidate();
      } else {
        toast.success(`${shown?.displayName ?? 'The staff member'} was removed from the staff.`);
        utils.libraries.staff.setData({ libraryId }, answer);
      }
      onClose();
    },
    onError: (error) => toast.error(errorMessage(error, REMOVE_FALLBACK)),
  });
  const removeOnce = useOneAtATime(remove);
  return (
    <Modal
      opened={member !== null}
      onClose={() => !remove.isPending && onClose()}
      onExitTransitionEnd={onClosed}
      ref={ref}
      title={leaving ? 'Leave Library Staff?' : 'Remove from Staff?'}
      centered
    >
      <Text size="sm">
        {leaving
          ? 'You will no longer manage this library, its books, rentals and customers, or open its kiosk. Another staff member can add you again.'
          : `${shown?.displayName} will no longer manage this library, its books, rentals and customers, or open its kiosk. You can add them again later.`}
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button color="red" onClick={() => shown && !remove.isPending && removeOnce({ libraryId, userId: shown.id })} {...busyButtonProps(remove.isPending)}>
          {leaving ? 'Leave' : 'Remove'}
        </Button>
      </Group>
    </Modal>
  );
}

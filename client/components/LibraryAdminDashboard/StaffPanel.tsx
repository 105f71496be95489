import { Badge, Button, Card, Group, Modal, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { type Ref, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { inviteStaffInput, type StaffInvitation, type StaffMember } from '../../../shared/schemas';
import { useAuth } from '../../hooks/use-auth';
import { useFocusAfterRemoval } from '../../hooks/use-focus-after-removal';
import { useOneAtATime } from '../../hooks/use-one-at-a-time';
import { useZodForm } from '../../hooks/use-zod-form';
import { busyButtonProps, busyProps } from '../../lib/busy';
import { errorMessage } from '../../lib/error-messages';
import { announceAccountChange } from '../../lib/session-sync';
import touch from '../../theme.module.css';
import { trpc } from '../../trpc';
import { BreakableEmail } from '../BreakableEmail';
import { ErrorAlert, ListSkeleton } from '../DataState';
import { DateText } from '../DateText';
import classes from './LibraryAdminDashboard.module.css';
import staffClasses from './StaffPanel.module.css';

const LOAD_FALLBACK = 'Failed to fetch staff';
const INVITE_FALLBACK = 'Failed to invite staff member';
const CHANGE_FALLBACK = 'Failed to change staff';
/** The server's words for the same rule (services/staff.ts LAST_STAFF_MEMBER). */
const LAST_STAFF_TEXT = 'A library needs at least one staff member: another must join before its last one can leave.';

/** A refusal that means the list on screen is out of date: someone else changed the staff meanwhile. */
const staffChangedMeanwhile = (error: { data?: { code?: string } | null }) => error.data?.code === 'NOT_FOUND' || error.data?.code === 'CONFLICT';

/**
 * Who runs the library: its staff, each of whom manages its books, rentals, customers and kiosk, and the colleagues
 * invited who have not answered. Staff invite a library admin by their account's email (they join once they accept,
 * on their own dashboard), take an invitation back, and remove one of them, or leave; never the last.
 */
export function StaffPanel({ libraryId }: { libraryId: number }) {
  const staff = trpc.staff.list.useQuery({ libraryId });
  const [removing, setRemoving] = useState<StaffMember | null>(null);
  const focus = useFocusAfterRemoval<HTMLDivElement>();
  const dialog = useRef<HTMLDivElement>(null);

  let list;
  if (staff.isPending) list = <ListSkeleton label="Loading staff" count={2} height={88} />;
  else if (staff.isError) list = <ErrorAlert retry={staff}>Failed to load staff: {errorMessage(staff.error, LOAD_FALLBACK)}</ErrorAlert>;
  else {
    const { staff: members, invitations } = staff.data;
    list = (
      <>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {members.map((member) => (
            <StaffCard key={member.id} member={member} canRemove={members.length > 1} onRemove={() => setRemoving(member)} />
          ))}
        </SimpleGrid>
        {members.length === 1 && (
          <Text size="sm" c="dimmed">
            {LAST_STAFF_TEXT}
          </Text>
        )}
        {invitations.length > 0 && <Invitations libraryId={libraryId} invitations={invitations} />}
      </>
    );
  }

  return (
    <div className={classes.panel}>
      <Title order={2} size="h3" className={classes.heading}>
        Library Staff
      </Title>
      <Text size="sm" c="dimmed">
        Staff manage this library's books, rentals and customers, and open its kiosk. Invite a colleague by the email of their library admin account:
        they join once they accept on their dashboard.
      </Text>
      <InviteForm libraryId={libraryId} />
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
    <Card withBorder radius="md" padding="md" component="article" aria-label={member.displayName} data-focus-row={`staff-${member.id}`}>
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
          <Button size="xs" variant="subtle" color="red" className={touch.fingertip} onClick={onRemove} aria-label={isYou ? undefined : `Remove ${member.displayName}`}>
            {isYou ? 'Leave' : 'Remove'}
          </Button>
        )}
      </Group>
    </Card>
  );
}

/** The colleagues invited who have not answered, each with Cancel Invitation. */
function Invitations({ libraryId, invitations }: { libraryId: number; invitations: StaffInvitation[] }) {
  const utils = trpc.useUtils();
  const cancel = trpc.staff.cancelInvitation.useMutation({
    onSuccess: (answer, { userId }) => {
      toast.success(`The invitation to ${invitations.find((invitation) => invitation.id === userId)?.email ?? 'this colleague'} was cancelled.`);
      utils.staff.list.setData({ libraryId }, answer);
    },
    onError: (error) => {
      toast.error(errorMessage(error, CHANGE_FALLBACK));
      if (staffChangedMeanwhile(error)) void utils.staff.list.invalidate({ libraryId });
    },
  });
  const cancelOnce = useOneAtATime(cancel);
  const cancelling = (invitation: StaffInvitation) => cancel.isPending && cancel.variables?.userId === invitation.id;
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        Invited
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {invitations.map((invitation) => (
          <Card key={invitation.id} withBorder radius="md" padding="md" component="article" aria-label={`Invitation to ${invitation.email}`} data-focus-row={`invitation-${invitation.id}`}>
            <Text size="sm" fw={600}>
              <BreakableEmail email={invitation.email} />
            </Text>
            <Group justify="space-between" align="center" mt={6} gap="xs">
              <Text size="xs" c="dimmed">
                Invited: <DateText date={invitation.invitedAt} />
              </Text>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                className={touch.fingertip}
                aria-label={cancelling(invitation) ? undefined : `Cancel invitation to ${invitation.email}`}
                onClick={() => cancel.isPending || cancelOnce({ libraryId, userId: invitation.id })}
                {...busyProps(cancelling(invitation))}
              >
                {cancelling(invitation) ? 'Cancelling...' : 'Cancel Invitation'}
              </Button>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * The email of a library admin's account: refused here when it cannot be one, by the server when it is no library
 * admin's, is on the staff or invited already, or too many were tried. Those are said on the field; a failure of
 * another kind (the server unreachable, say) in a toast, the email itself being fine.
 */
function InviteForm({ libraryId }: { libraryId: number }) {
  const utils = trpc.useUtils();
  const form = useZodForm(inviteStaffInput.pick({ email: true }), { email: '' });
  const invite = trpc.staff.invite.useMutation({
    onSuccess: async (invitation) => {
      toast.success(`${invitation.email} is invited: they join the staff once they accept.`);
      form.reset();
      await utils.staff.list.invalidate({ libraryId });
    },
    onError: (error) => {
      const code = error.data?.code;
      if (code === 'BAD_REQUEST' || code === 'NOT_FOUND' || code === 'CONFLICT' || code === 'TOO_MANY_REQUESTS') {
        form.setErrors({ email: errorMessage(error, INVITE_FALLBACK) });
      } else toast.error(errorMessage(error, INVITE_FALLBACK));
      // On the staff or invited already: by someone else meanwhile, whom the list does not show yet.
      if (code === 'CONFLICT') void utils.staff.list.invalidate({ libraryId });
    },
  });
  const inviteOnce = useOneAtATime(invite);
  return (
    <form
      onSubmit={form.handleSubmit((data) => {
        if (!invite.isPending) inviteOnce({ libraryId, email: data.email });
      })}
      noValidate
      className={staffClasses.inviteForm}
    >
      <TextInput type="email" label="Colleague's email" placeholder="name@example.com" autoComplete="off" required className={staffClasses.inviteField} {...form.inputProps('email')} />
      <Button type="submit" className={`${staffClasses.inviteButton} ${touch.fingertip}`} {...busyProps(invite.isPending)}>
        {invite.isPending ? 'Inviting...' : 'Invite'}
      </Button>
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
  const remove = trpc.staff.remove.useMutation({
    onSuccess: async (answer, { userId }) => {
      // Who counts as a customer (staff do not) and the insights' members change with the staff.
      void utils.customers.list.invalidate({ libraryId });
      void utils.insights.invalidate();
      if (userId === user?.id) {
        toast.success("You left the library's staff.");
        // The library is no longer theirs: it leaves their picker, and the dashboard asks them to pick one; so
        // in the browser's other tabs.
        await utils.libraries.list.invalidate();
        announceAccountChange();
      } else {
        toast.success(`${shown?.displayName ?? 'The staff member'} was removed from the staff.`);
        utils.staff.list.setData({ libraryId }, answer);
      }
      onClose();
    },
    onError: (error) => {
      toast.error(errorMessage(error, CHANGE_FALLBACK));
      // Gone already, or the last one now: the list is read again, and the question no longer stands.
      if (staffChangedMeanwhile(error)) {
        void utils.staff.list.invalidate({ libraryId });
        onClose();
      }
    },
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
          ? 'You will no longer manage this library, its books, rentals and customers, or open its kiosk. Its staff can invite you again.'
          : `${shown?.displayName} will no longer manage this library, its books, rentals and customers, or open its kiosk. You can invite them again later.`}
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

import { z } from 'zod';
import { inviteStaffInput, libraryQuery, librarySchema, libraryStaffResponse, myInvitationsResponse, staffInvitationSchema, staffPersonInput } from '../../shared/schemas';
import { emptyInput } from '../../shared/schemas/common';
import { acceptInvitation, cancelInvitation, declineInvitation, inviteStaff, listStaff, myInvitations, removeStaff } from '../services/staff';
import { roleProcedure, router, staffProcedure, syncOutput } from '../trpc/procedures';

/** Only a library admin's account joins a library's staff, so only theirs has invitations to answer. */
const inviteeProcedure = roleProcedure(['library_admin'], "Only library admins can join a library's staff.");

const success = z.object({ success: z.literal(true) });

/**
 * Who runs a library. Its staff see each other and the invitations they sent, invite a library admin by email,
 * take an invitation back, and remove one of them, or leave; never the last. The invitee accepts or declines.
 */
export const staffRouter = router({
  list: staffProcedure
    .input(libraryQuery)
    .output(syncOutput(libraryStaffResponse))
    .query(({ ctx }) => listStaff(ctx.em, ctx.library.id)),

  invite: staffProcedure
    .input(inviteStaffInput)
    .output(syncOutput(staffInvitationSchema))
    .mutation(({ ctx, input }) => inviteStaff(ctx.em, ctx.user, ctx.library.id, input.email)),

  /** Answers the staff and invitations that remain. */
  cancelInvitation: staffProcedure
    .input(staffPersonInput)
    .output(syncOutput(libraryStaffResponse))
    .mutation(async ({ ctx, input }) => {
      await cancelInvitation(ctx.em, ctx.user, ctx.library.id, input.userId);
      return listStaff(ctx.em, ctx.library.id);
    }),

  /** Answers the staff and invitations that remain. */
  remove: staffProcedure
    .input(staffPersonInput)
    .output(syncOutput(libraryStaffResponse))
    .mutation(async ({ ctx, input }) => {
      await removeStaff(ctx.em, ctx.user, ctx.library.id, input.userId);
      return listStaff(ctx.em, ctx.library.id);
    }),

  myInvitations: inviteeProcedure
    .input(emptyInput)
    .output(syncOutput(myInvitationsResponse))
    .query(async ({ ctx }) => ({ invitations: await myInvitations(ctx.em, ctx.user.id) })),

  /** Answers the library joined. */
  accept: inviteeProcedure
    .input(libraryQuery)
    .output(syncOutput(librarySchema))
    .mutation(({ ctx, input }) => acceptInvitation(ctx.em, ctx.user.id, input.libraryId)),

  decline: inviteeProcedure
    .input(libraryQuery)
    .output(syncOutput(success))
    .mutation(async ({ ctx, input }) => {
      await declineInvitation(ctx.em, ctx.user.id, input.libraryId);
      return { success: true as const };
    }),
});

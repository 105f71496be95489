import { z } from 'zod';
import { emailField, libraryIdField, positiveId } from './common';

/** A library's staff and open invitations together: the staff list is shown whole, never a page at a time. */
export const LIBRARY_STAFF_MAX = 50;

/** One of a library's staff, as the others see them: since is the day they joined its staff. */
export const staffMemberSchema = z.object({ id: z.number().int(), displayName: z.string(), email: z.string(), since: z.date() });
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** An invitation to a library's staff not yet answered, as its staff see it: the invitee's account by its email. */
export const staffInvitationSchema = z.object({ id: z.number().int(), email: z.string(), invitedAt: z.date() });
export type StaffInvitation = z.infer<typeof staffInvitationSchema>;

/** A library's staff, earliest first (its creator leads), and the invitations it awaits an answer to, earliest first. */
export const libraryStaffResponse = z.object({ staff: z.array(staffMemberSchema), invitations: z.array(staffInvitationSchema) });
export type LibraryStaff = z.infer<typeof libraryStaffResponse>;

/** One of a library's staff invites a library admin, by their account's email; they join once they accept. */
export const inviteStaffInput = z.strictObject({
  libraryId: libraryIdField(),
  email: emailField('Please enter a valid email address.'),
});

/** A staff member, or an invitee, named by their account's id. */
export const staffPersonInput = z.strictObject({
  libraryId: libraryIdField(),
  userId: positiveId('User ID must be a positive integer'),
});

/** An invitation as its invitee sees it: which library, and who asked. */
export const myInvitationSchema = z.object({ libraryId: z.number().int(), libraryName: z.string(), invitedBy: z.string().nullable(), invitedAt: z.date() });
export type MyInvitation = z.infer<typeof myInvitationSchema>;
export const myInvitationsResponse = z.object({ invitations: z.array(myInvitationSchema) });

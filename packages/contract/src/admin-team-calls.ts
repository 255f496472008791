import { z } from 'zod';
import { adminCall } from './admin-call.ts';
import { adminChangeStaffRoleInput, adminInvitedSchema, adminInviteStaffInput, adminSendSetupLinkInput, adminSetStaffDisabledInput, adminStaffListSchema, adminStaffMemberSchema } from './admin-team.ts';

/** The owners' staff page: who works in the back office, invitations, roles and disabling. */
export const adminTeamCalls = {
  listStaff: adminCall('staff', z.object({}).strict(), adminStaffListSchema, { readOnly: true }),
  /** An address already on staff is refused (staff_exists), even when two owners invite it at the same moment. */
  inviteStaff: adminCall('staff', adminInviteStaffInput, adminInvitedSchema, { refusals: ['staff_exists'] }),
  /** A member's new set-up link (a lost phone); refused for a disabled member, who must be enabled first. */
  sendStaffSetupLink: adminCall('staff', adminSendSetupLinkInput, adminStaffMemberSchema, { refusals: ['not_found', 'staff_disabled'] }),
  changeStaffRole: adminCall('staff', adminChangeStaffRoleInput, adminStaffMemberSchema, { refusals: ['not_found', 'last_owner'] }),
  setStaffDisabled: adminCall('staff', adminSetStaffDisabledInput, adminStaffMemberSchema, { refusals: ['not_found', 'last_owner'] }),
};

import { z } from 'zod';
import { adminCall } from './admin-call.ts';
import { adminChangeStaffRoleInput, adminInvitedSchema, adminInviteStaffInput, adminSetStaffDisabledInput, adminStaffListSchema, adminStaffMemberSchema } from './admin-team.ts';

/** The owners' staff page: who works in the back office, invitations, roles and disabling. */
export const adminTeamCalls = {
  listStaff: adminCall('staff', z.object({}).strict(), adminStaffListSchema, { readOnly: true }),
  inviteStaff: adminCall('staff', adminInviteStaffInput, adminInvitedSchema, { refusals: ['last_owner'] }),
  changeStaffRole: adminCall('staff', adminChangeStaffRoleInput, adminStaffMemberSchema, { refusals: ['not_found', 'last_owner'] }),
  setStaffDisabled: adminCall('staff', adminSetStaffDisabledInput, adminStaffMemberSchema, { refusals: ['not_found', 'last_owner'] }),
};

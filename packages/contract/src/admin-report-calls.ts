import { adminCall } from './admin-call.ts';
import { adminAuditInput, adminAuditSchema } from './admin-reports.ts';

/** What the owner reads: the audit trail of every back-office change, filtered, newest first. */
export const adminReportCalls = {
  listAuditLog: adminCall('reports', adminAuditInput, adminAuditSchema, { readOnly: true }),
};

import { z } from 'zod';
import { adminCall } from './admin-call.ts';
import { adminDashboardSchema } from './admin-dashboard.ts';

/** The back office's home: what needs doing today. */
export const adminDashboardCalls = {
  getDashboard: adminCall('dashboard', z.object({}), adminDashboardSchema, { readOnly: true }),
};

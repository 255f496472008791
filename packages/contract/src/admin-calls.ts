import type { z } from 'zod';
import type { AdminCallDefinition } from './admin-call.ts';
import { adminCustomerCalls } from './admin-customer-calls.ts';
import { adminDashboardCalls } from './admin-dashboard-calls.ts';
import { adminMailCalls } from './admin-mail-calls.ts';
import { adminContentCalls, adminDeliveryCalls } from './admin-delivery-calls.ts';
import { adminOrderActionCalls } from './admin-order-action-calls.ts';
import { adminOrderCalls } from './admin-order-calls.ts';
import { adminProductCalls } from './admin-product-calls.ts';
import { adminPhotoCalls } from './admin-photo-calls.ts';
import { adminPromotionCalls } from './admin-promotion-calls.ts';
import { adminReportCalls } from './admin-report-calls.ts';
import { adminReturnCalls } from './admin-return-calls.ts';
import { adminReviewCalls } from './admin-review-calls.ts';
import { adminSearchCalls } from './admin-search-calls.ts';
import { adminStaffCalls } from './admin-staff-calls.ts';
import { adminTeamCalls } from './admin-team-calls.ts';

/**
 * Every call of the back office: `POST /admin/{callName}` on the shop API (or on its admin address), with the staff
 * session in `X-Staff-Session`. Apart from the shopper's calls: a shopper's session reaches none of them.
 */
export const adminCalls = {
  ...adminStaffCalls,
  ...adminOrderCalls,
  ...adminOrderActionCalls,
  ...adminReturnCalls,
  ...adminReportCalls,
  ...adminCustomerCalls,
  ...adminReviewCalls,
  ...adminDashboardCalls,
  ...adminMailCalls,
  ...adminTeamCalls,
  ...adminProductCalls,
  ...adminPhotoCalls,
  ...adminPromotionCalls,
  ...adminSearchCalls,
  ...adminDeliveryCalls,
  ...adminContentCalls,
} satisfies Record<string, AdminCallDefinition<z.ZodType, z.ZodType>>;

export type AdminCalls = typeof adminCalls;
export type AdminCallName = keyof AdminCalls;
export type AdminCallInput<N extends AdminCallName> = z.input<AdminCalls[N]['input']>;
export type AdminCallOutput<N extends AdminCallName> = z.output<AdminCalls[N]['output']>;

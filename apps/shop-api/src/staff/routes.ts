import { adminCalls, type AdminCallName, type StaffRole } from '@shop/contract/admin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ApiConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { success } from '../http/envelope.ts';
import { ApiError } from '../http/errors.ts';
import { parsePayload } from '../http/payload.ts';
import { requestContext, sameSecret } from '../http/request-context.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Gateways } from '../payments/gateway.ts';
import type { AdminCallHandler, AdminCallHandlers, SignedInContext } from './context.ts';
import { getOrderDetail, listOrders } from './orders.ts';
import { eraseCustomer, exportPersonalData, getCustomerDetail, listCustomers, listGuestOrders, listSubscribers, recordSubscribersExport } from './customers.ts';
import { contentHandlers } from './content.ts';
import { getDashboard } from './dashboard.ts';
import { mailHandlers } from './mails.ts';
import { deliveryHandlers } from './delivery.ts';
import { orderActionHandlers } from './order-actions.ts';
import { productImportHandlers, registerProductCsv } from './product-csv.ts';
import { productHandlers } from './products.ts';
import { promotionHandlers } from './promotions.ts';
import { listAuditLog, registerOrdersExport } from './reports.ts';
import { returnHandlers } from './returns.ts';
import { deleteProductPhoto, getProductPhotoUpload, listProductPhotos, moveProductPhoto, readProductPhotoFile, startProductPhotoUpload, updateProductPhoto, uploadProductPhotoChunk } from './photos.ts';
import { listReviews, moderateReview } from './reviews.ts';
import { mayUse, SCRIPT_CALLS } from './rights.ts';
import { synonymHandlers } from './synonyms.ts';
import { changeOwnStaffPassword, signedInStaff, staffSecondFactor, staffSignIn, staffSignOut, toStaffMember } from './sessions.ts';
import { completeStaffSetup, getStaffSetup } from './setup.ts';
import { changeStaffRole, inviteStaff, listStaff, sendStaffSetupLink, setStaffDisabled } from './team.ts';

const handlers: AdminCallHandlers = {
  staffSignIn,
  staffSecondFactor,
  staffSignOut: (_input, context) => staffSignOut(context),
  getCurrentStaff: async (_input, context) => toStaffMember((context as SignedInContext).staff),
  changeOwnStaffPassword,
  getStaffSetup,
  completeStaffSetup,
  listOrders,
  getOrderDetail,
  ...orderActionHandlers,
  ...returnHandlers,
  ...mailHandlers,
  listAuditLog,
  listCustomers,
  getCustomerDetail,
  listGuestOrders,
  exportPersonalData,
  eraseCustomer,
  listSubscribers,
  recordSubscribersExport,
  listReviews,
  moderateReview,
  getDashboard,
  listStaff,
  inviteStaff,
  sendStaffSetupLink,
  changeStaffRole,
  setStaffDisabled,
  ...productHandlers,
  ...productImportHandlers,
  listProductPhotos,
  startProductPhotoUpload,
  uploadProductPhotoChunk,
  getProductPhotoUpload,
  updateProductPhoto,
  moveProductPhoto,
  deleteProductPhoto,
  readProductPhotoFile,
  ...promotionHandlers,
  ...synonymHandlers,
  ...deliveryHandlers,
  ...contentHandlers,
};

// Staff session tokens are 32 random bytes in base64url, as every token of the shop (sessions/tokens.ts).
const STAFF_TOKEN = /^[A-Za-z0-9_-]{43}$/;

function staffToken(request: FastifyRequest): string | null {
  const value = request.headers['x-staff-session'];
  return typeof value === 'string' && STAFF_TOKEN.test(value.trim()) ? value.trim() : null;
}

/** The request carries the scripts' key (ADMIN_TOKEN, when set) as a bearer token. */
function scriptKey(request: FastifyRequest, config: ApiConfig): boolean {
  const [scheme, given] = (request.headers.authorization ?? '').split(' ');
  return config.adminToken !== undefined && scheme === 'Bearer' && given !== undefined && sameSecret(given, config.adminToken);
}

/**
 * The back office's calls, `POST /admin/{callName}` (docs/adr/0033-back-office.md). The staff session (header
 * `X-Staff-Session`, never the shopper's `X-Session-Id`) and the role's right are checked before the payload is
 * even read: a caller without them learns nothing about the call.
 */
export function registerAdminCalls(app: FastifyInstance, { db, config, mailer, gateways }: { db: Database; config: ApiConfig; mailer: Mailer; gateways: Gateways }): void {
  for (const name of Object.keys(adminCalls) as AdminCallName[]) {
    const definition = adminCalls[name];
    app.post(`/admin/${name}`, async (request) => {
      const { clientIp, textLang, log } = requestContext(request, config);
      const sessionToken = staffToken(request);
      const staff = definition.area === 'sign_in' ? null : await signedInStaff(db, sessionToken);
      const byScript = !staff && SCRIPT_CALLS.includes(name) && scriptKey(request, config);
      if (definition.area !== 'sign_in' && !byScript) {
        if (!staff) throw new ApiError(401, 'unauthorized', 'This call needs a staff session');
        if (!mayUse(staff.role as StaffRole, definition.area)) throw new ApiError(403, 'forbidden', 'Your role has no right to this call');
      }
      const payload = parsePayload(definition.input as z.ZodType, request.body ?? {});
      const handler = handlers[name] as AdminCallHandler<typeof name>;
      return success(await handler(payload as never, { db, config, clientIp, textLang, log, staff, sessionToken, mailer, gateways }));
    });
  }
  registerOrdersExport(app, { db }, staffToken);
  registerProductCsv(app, { db, config }, staffToken);
}

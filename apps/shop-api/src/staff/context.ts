import type { TextLang } from '@shop/contract';
import type { AdminCallName, AdminCallOutput, AdminCalls } from '@shop/contract/admin';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { ApiConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Gateways } from '../payments/gateway.ts';
import type { staff } from '../db/schema.ts';
import type { Actor } from './audit.ts';

export type StaffRow = typeof staff.$inferSelect;

/** What an admin call handler gets besides its payload: `staff` is the signed-in staff member (null for sign-in calls). */
export type AdminContext = {
  db: Database;
  config: ApiConfig;
  clientIp: string;
  /** The staff member's language (Accept-Language): the password strength check's dictionary. */
  textLang: TextLang;
  log: FastifyBaseLogger;
  /** Null for sign-in calls, and for the scripts' call made with ADMIN_TOKEN (their key, not a staff member). */
  staff: StaffRow | null;
  /** The staff session token the request came with (`X-Staff-Session`), or null. */
  sessionToken: string | null;
  mailer: Mailer;
  gateways: Gateways;
};

/** A handler of an admin call that needs a staff session gets it for sure. */
export type SignedInContext = AdminContext & { staff: StaffRow };

export type AdminCallHandler<N extends AdminCallName> = (input: z.output<AdminCalls[N]['input']>, context: AdminContext) => Promise<AdminCallOutput<N>>;
export type AdminCallHandlers = { [N in AdminCallName]: AdminCallHandler<N> };

export const actorOf = ({ staff, clientIp }: AdminContext): Actor => (staff ? { staffId: staff.id, email: staff.email, clientIp } : { script: 'ADMIN_TOKEN' });

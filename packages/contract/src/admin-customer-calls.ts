import { personalDataSchema } from './personal-data.ts';
import {
  adminCustomerInput,
  adminCustomerSchema,
  adminCustomersInput,
  adminCustomersSchema,
  adminErasedSchema,
  adminEraseInput,
  adminGuestOrdersInput,
  adminGuestOrdersSchema,
  adminPersonInput,
  adminSubscribersInput,
  adminSubscribersSchema,
} from './admin-customers.ts';
import { adminCall } from './admin-call.ts';
import { z } from 'zod';

/** Customers and their data (GDPR): search, one customer, a guest's orders, export, erasure, the newsletter's subscribers. */
export const adminCustomerCalls = {
  listCustomers: adminCall('customers', adminCustomersInput, adminCustomersSchema, { readOnly: true }),
  getCustomerDetail: adminCall('customers', adminCustomerInput, adminCustomerSchema, { readOnly: true, refusals: ['not_found'] }),
  listGuestOrders: adminCall('customers', adminGuestOrdersInput, adminGuestOrdersSchema, { readOnly: true }),
  /** Audited: who read a person's data, and when. */
  exportPersonalData: adminCall('customers', adminPersonInput, personalDataSchema, { refusals: ['not_found'] }),
  eraseCustomer: adminCall('customers', adminEraseInput, adminErasedSchema, { refusals: ['not_found'] }),
  listSubscribers: adminCall('customers', adminSubscribersInput, adminSubscribersSchema, { readOnly: true }),
  /** Records an export of the subscribers in the audit log (the back office then reads them page by page). */
  recordSubscribersExport: adminCall('customers', z.object({}), z.object({ total: z.number().int() })),
};

import type { CallHandlers } from '../call-context.ts';
import { exportMyData, requestDataErasure } from './account-data.ts';

/** A signed-in customer's own data: always the session's own. */
export const privacyHandlers = {
  exportMyData: (_input, context) => exportMyData(context),
  requestDataErasure: (_input, context) => requestDataErasure(context),
} satisfies Partial<CallHandlers>;

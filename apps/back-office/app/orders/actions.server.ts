import type { SubmissionResult } from '@conform-to/react';
import { redirect } from 'react-router';
import { staffCall } from '../lib/api.server';
import { submitStaffForm } from '../lib/form-action.server';
import { cents, isOrderIntent, orderForms, type OrderIntent } from './forms';

/** What an order form's post answers when it is refused: which form, and Conform's result (a field's or the API's refusal). */
export type OrderActionResult = { intent: OrderIntent; result: SubmissionResult<string[]> };

/**
 * Runs the order form that was posted (its `intent`) as its admin call. Done: back to the order page with what was
 * done said (post, redirect, get: a reload posts nothing twice). Refused: the form again with the refusal.
 */
export async function orderAction(request: Request, reference: string): Promise<OrderActionResult | Response> {
  const formData = await request.formData();
  const intent = formData.get('intent');
  if (!isOrderIntent(intent)) throw new Response('bad_request', { status: 400 });
  return submitStaffForm(
    formData,
    orderForms[intent],
    async (value) => {
      await call(request, reference, intent, value as Record<string, unknown>);
      return redirect(`/orders/${reference}?done=${intent}`);
    },
    // A gateway that did not refund (502) is said on the form too.
    { serverRefusals: ['gateway_failed'], refused: (result): OrderActionResult => ({ intent, result }) },
  );
}

async function call(request: Request, reference: string, intent: OrderIntent, value: Record<string, unknown>) {
  switch (intent) {
    case 'shipOrder': {
      const { lines, ...parcel } = value as { carrier: string; tracking_number: string; tracking_url?: string; lines?: { quantity?: number }[] };
      // Lines by their place in the order; a form without them (an order page of old) sends all that is left.
      const chosen = (lines ?? []).flatMap((line, index) => (line.quantity ? [{ line: index, quantity: line.quantity }] : []));
      return staffCall(request, intent, { reference, ...parcel, ...(chosen.length > 0 ? { lines: chosen } : {}) });
    }
    case 'addOrderNote':
      return staffCall(request, intent, { reference, note: value.note as string });
    case 'settleStrayPayment':
      return staffCall(request, intent, { reference, payment_id: value.payment_id as string, note: value.note as string });
    case 'refundOrder': {
      const { amount, lines = [] } = value as { amount?: string; lines?: { quantity?: number }[] };
      const chosen = lines.flatMap((line, index) => (line.quantity ? [{ line: index, quantity: line.quantity }] : []));
      return staffCall(request, intent, { reference, ...(amount ? { amount: cents(amount) } : {}), ...(chosen.length > 0 ? { lines: chosen } : {}) });
    }
    case 'receiveReturn':
      return staffCall(request, intent, { reference: value.return_reference as string, restock: (value.restock as number[] | undefined) ?? [] });
    case 'refundReturn':
      return staffCall(request, intent, { reference: value.return_reference as string });
    default:
      return staffCall(request, intent, { reference });
  }
}

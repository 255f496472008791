import type { CallName } from '@shop/contract';
import type { CallHandlers } from '../call-context.ts';
import {
  addOrEditDeliveryMessage,
  getCarriers,
  getCheckout,
  getDeliveryMessage,
  getPudos,
  saveCheckoutDraft,
  updateCheckoutAddress,
  updateCheckoutCarrier,
  updateCheckoutEmail,
  updateCheckoutPayment,
} from './checkout.ts';

/** The checkout of the session's cart: always the session's own. */
export const checkoutHandlers = {
  getCheckout: (_input, context) => getCheckout(context),
  updateCheckoutEmail: ({ email }, context) => updateCheckoutEmail(email, context),
  updateCheckoutAddress: (input, context) => updateCheckoutAddress(input, context),
  saveCheckoutDraft: ({ draft }, context) => saveCheckoutDraft(draft, context),
  getCarriers: (_input, context) => getCarriers(context),
  updateCheckoutCarrier: (input, context) => updateCheckoutCarrier(input, context),
  getPudos: (input, context) => getPudos(input, context),
  addOrEditDeliveryMessage: ({ message }, context) => addOrEditDeliveryMessage(message, context),
  getDeliveryMessage: (_input, context) => getDeliveryMessage(context),
  updateCheckoutPayment: ({ gateway }, context) => updateCheckoutPayment(gateway, context),
} satisfies Partial<CallHandlers>;

export const checkoutSuccessMessages: Partial<Record<CallName, string>> = {
  addOrEditDeliveryMessage: 'Delivery notes saved',
  updateCheckoutAddress: 'Address saved',
};

/** SPEC §8: the delivery note's failure has its own words. */
export const checkoutInvalidPayloadMessages: Partial<Record<CallName, string>> = {
  addOrEditDeliveryMessage: 'Failed to save delivery notes',
};

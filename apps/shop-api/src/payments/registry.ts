import type { Cart, GatewayName } from '@shop/contract';
import type { CallContext } from '../http/call-context.ts';
import type { Gateways, PaymentGateway } from './gateway.ts';
import { createCardGateway, readCardGatewayConfig } from './gateways/card.ts';
import { createPaypalGateway, readPaypalGatewayConfig } from './gateways/paypal.ts';
import { createMultisafepayGateway, readMultisafepayGatewayConfig } from './gateways/multisafepay.ts';

/** The gateways of this shop, from its configuration (each gateway's module reads its own settings). */
export function gatewaysFromEnv(env: NodeJS.ProcessEnv = process.env): Gateways {
  const gateways = new Map<GatewayName, PaymentGateway>();
  gateways.set('card', createCardGateway(readCardGatewayConfig(env)));
  // PayPal is on unless PAYPAL_ENABLED says otherwise (false, 0, off): `npm start` runs its sandbox.
  if (!['false', '0', 'off'].includes((env.PAYPAL_ENABLED ?? '').toLowerCase())) gateways.set('paypal', createPaypalGateway(readPaypalGatewayConfig(env)));
  gateways.set('multisafepay', createMultisafepayGateway(readMultisafepayGatewayConfig(env)));
  return gateways;
}

/** The gateways offered for a cart, in the order the payment step lists them. */
export function offeredGateways({ gateways }: Pick<CallContext, 'gateways'>, cart: { totals: Pick<Cart['totals'], 'total'> }): GatewayName[] {
  return cart.totals.total > 0 ? [...gateways.keys()] : [];
}

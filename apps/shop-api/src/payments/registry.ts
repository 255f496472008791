import type { Cart, GatewayName } from '@shop/contract';
import type { CallContext } from '../call-context.ts';
import type { Gateways, PaymentGateway } from './gateway.ts';
import { createCardGateway, readCardGatewayConfig } from './gateways/card.ts';
import { createPaypalGateway, readPaypalGatewayConfig } from './gateways/paypal.ts';
import { createMultisafepayGateway, readMultisafepayGatewayConfig } from './gateways/multisafepay.ts';

/**
 * Where a gateway is offered: `<NAME>_COUNTRIES` (ISO codes, comma-separated; unset: every country the shop sells
 * to) and `<NAME>_CURRENCIES` (unset: EUR), e.g. `MULTISAFEPAY_COUNTRIES=NL,BE,DE`.
 */
function offeredWhere(env: NodeJS.ProcessEnv, prefix: string): NonNullable<PaymentGateway['offeredIn']> {
  const list = (value: string | undefined) => (value ?? '').split(',').map((code) => code.trim().toUpperCase()).filter(Boolean);
  const countries = list(env[`${prefix}_COUNTRIES`]);
  const currencies = list(env[`${prefix}_CURRENCIES`]);
  return { countries: countries.length > 0 ? countries : null, currencies: currencies.length > 0 ? currencies : ['EUR'] };
}

/** The gateways of this shop, from its configuration (each gateway's module reads its own settings). */
export function gatewaysFromEnv(env: NodeJS.ProcessEnv = process.env): Gateways {
  const gateways = new Map<GatewayName, PaymentGateway>();
  gateways.set('card', { ...createCardGateway(readCardGatewayConfig(env)), offeredIn: offeredWhere(env, 'CARD') });
  // PayPal is on unless PAYPAL_ENABLED says otherwise (false, 0, off): `npm start` runs its sandbox.
  if (!['false', '0', 'off'].includes((env.PAYPAL_ENABLED ?? '').toLowerCase())) {
    gateways.set('paypal', { ...createPaypalGateway(readPaypalGatewayConfig(env)), offeredIn: offeredWhere(env, 'PAYPAL') });
  }
  gateways.set('multisafepay', { ...createMultisafepayGateway(readMultisafepayGatewayConfig(env)), offeredIn: offeredWhere(env, 'MULTISAFEPAY') });
  return gateways;
}

/** What decides the gateways offered: the amount, and the country and currency it is paid in. */
type Payment = { totals: Pick<Cart['totals'], 'total'>; country: string; currency: string };

/** The gateways offered for a cart (or an order paid again), in the order the payment step lists them. */
export function offeredGateways({ gateways }: Pick<CallContext, 'gateways'>, payment: Payment): GatewayName[] {
  if (payment.totals.total <= 0) return [];
  return [...gateways.entries()]
    .filter(([, gateway]) => {
      const where = gateway.offeredIn;
      return !where || ((where.countries === null || where.countries.includes(payment.country)) && where.currencies.includes(payment.currency.toUpperCase()));
    })
    .map(([name]) => name);
}

import { hash } from '@node-rs/argon2';
import type { customers, orderLines, orderReturns, orders } from '../db/schema.ts';
import { imageUrl, type SeededProduct } from './products.ts';
import { country } from './countries.ts';
import type { Random } from './random.ts';
import { daysBeforeReference } from './shared.ts';

/** The account the README advertises for trying the shop. */
export const DEMO_CUSTOMER = { email: 'demo@example.com', password: 'Demo-Passw0rd!' };

const ADDRESS = {
  alias: 'Home',
  first_name: 'Giulia',
  last_name: 'Rossi',
  address: 'Via Solferino 12',
  city: 'Milano',
  zip_code: '20121',
  country: 'IT',
  phone: '+39 02 1234 5678',
};
const ITALY = country('IT');
const VAT = ITALY.vatRateBasisPoints;
/** Standard delivery to Italy, VAT included. */
const SHIPPING_CENTS = 690;

/** The past orders, oldest first: status, age in days and how many of each picked product. */
const ORDER_PLANS = [
  // Delivered, and one item sent back since: its return shows on the order.
  { status: 'delivered', daysAgo: 140, quantities: [1, 1], returned: { reference: 'RET000001', status: 'refunded' as const, daysAgo: 120 } },
  { status: 'shipped', daysAgo: 12, quantities: [2] },
  { status: 'processing', daysAgo: 2, quantities: [1, 1, 1] },
];

export type DemoOrder = {
  order: Omit<typeof orders.$inferInsert, 'customerId'>;
  lines: Omit<typeof orderLines.$inferInsert, 'orderId'>[];
  returns: Omit<typeof orderReturns.$inferInsert, 'orderId'>[];
};

export async function demoCustomerRow(): Promise<typeof customers.$inferInsert> {
  return {
    email: DEMO_CUSTOMER.email,
    // Argon2id with the library's default parameters, as the API verifies it.
    passwordHash: await hash(DEMO_CUSTOMER.password),
    firstName: ADDRESS.first_name,
    lastName: ADDRESS.last_name,
    gender: 'female',
    newsletter: true,
    newsletterInterests: ['women', 'news'],
    // She said yes when she registered.
    newsletterConsentAt: daysBeforeReference(320),
    lang: 'en',
    createdAt: daysBeforeReference(320),
  };
}

const withVat = (netCents: number) => Math.round((netCents * (10_000 + VAT)) / 10_000);

/** Three past orders of women's products in stock, with totals that add up (prices include Italian VAT). */
export function demoOrders(catalogue: SeededProduct[], random: Random): DemoOrder[] {
  const candidates = catalogue.filter(
    (product) => product.subcategory.gender === 'women' && product.policy === 'deny' && product.combinations.some((c) => c.quantity > 0),
  );
  const picked = random.sample(candidates, ORDER_PLANS.reduce((sum, plan) => sum + plan.quantities.length, 0));
  return ORDER_PLANS.map((plan, orderIndex) => {
    const lines = plan.quantities.map((quantity) => {
      const product = picked.shift() as SeededProduct;
      const combination = random.pick(product.combinations.filter((c) => c.quantity > 0));
      const unitPriceCents = withVat(product.priceNetCents + combination.priceImpactNetCents);
      return {
        productId: product.id,
        combinationId: combination.id,
        productName: product.names.en,
        attributesLabel: `${combination.size.label.en}, ${combination.colour.name.en}`,
        imageUrl: imageUrl(product, combination.colour, 1),
        quantity,
        stockQuantity: quantity,
        unitPriceCents,
        totalCents: unitPriceCents * quantity,
      };
    });
    const itemsCents = lines.reduce((sum, line) => sum + line.totalCents, 0);
    const shippingCents = ITALY.freeShippingFromCents !== null && itemsCents >= ITALY.freeShippingFromCents ? 0 : SHIPPING_CENTS;
    const totalCents = itemsCents + shippingCents;
    return {
      order: {
        reference: `DEMO${String(orderIndex + 1).padStart(6, '0')}`,
        status: plan.status,
        currency: 'EUR',
        itemsCents,
        shippingCents,
        // The VAT included in the total.
        taxCents: Math.round((totalCents * VAT) / (10_000 + VAT)),
        totalCents,
        countryIso: ITALY.iso,
        email: DEMO_CUSTOMER.email,
        lang: 'en',
        // As an order placed today keeps it (orders/place.ts): the carrier's id names it in other languages.
        carrier: { id: 1, code: 'standard', name: 'Standard delivery', kind: 'home', delivery_days: { min: 3, max: 5 } },
        gateway: 'card',
        // Shipped orders have a parcel to follow.
        trackingNumber: plan.status === 'processing' ? null : `AM${String(orderIndex + 1).padStart(4, '0')}IT`,
        shippingAddress: ADDRESS,
        billingAddress: ADDRESS,
        createdAt: daysBeforeReference(plan.daysAgo),
      },
      lines,
      returns: plan.returned ? [{ reference: plan.returned.reference, status: plan.returned.status, createdAt: daysBeforeReference(plan.returned.daysAgo) }] : [],
    };
  });
}

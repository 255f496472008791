import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/raw.ts';
import { ITALY } from './guest-order.ts';
import { callApi, DRIVERS, registerCustomer, shopperHeaders, useTestShop } from './databases.ts';

/** The contract's refusal of bad input, naming the field that holds the malformed text. */
const refusal = (field: string) => ({ success: false, code: 'bad_request', message: 'Invalid payload', psdata: { errors: { [field]: ['Malformed text'] } } });

describe.each(DRIVERS)('malformed text in any input on %s', (driver) => {
  const shop = useTestShop(driver);
  const call = (name: string, payload: unknown, token?: string) => callApi(shop().app, name, payload, shopperHeaders(token, '203.0.113.77'));

  it('refuses a lone surrogate in a checkout address with a 400, and takes the address once it is sound', async () => {
    const [item] = await selectRows<{ product_id: number; combination_id: number }>(
      shop().handle.db,
      sql`select c.product_id, c.id as combination_id from combinations c join products p on p.id = c.product_id
        where p.is_active and p.out_of_stock_policy = 'deny' and p.minimal_quantity = 1 and c.quantity > 0 order by c.id limit 1`,
    );
    const cart = await call('createCartItem', { ...item, quantity: 1 });
    expect(cart.status).toBe(200);
    const token = cart.body.psdata.session.token as string;
    // The address is stored as JSON: PostgreSQL refused this one with an error (a 500) before the contract did.
    const refused = await call('updateCheckoutAddress', { shipping: { address: { ...ITALY, city: 'Milano \ud800' } } }, token);
    expect(refused).toEqual({ status: 400, body: refusal('shipping.address.city') });
    const lowHalf = await call('updateCheckoutAddress', { shipping: { address: { ...ITALY, address1: '\udc00Via Solferino 10' } } }, token);
    expect(lowHalf).toEqual({ status: 400, body: refusal('shipping.address.address1') });
    // A whole character outside the basic plane (a surrogate pair) is text like any other.
    expect((await call('updateCheckoutAddress', { shipping: { address: { ...ITALY, city: 'Milano 🏙️' } } }, token)).status).toBe(200);
  });

  it('refuses malformed text in a cart call, in sign-in and in a review, values and keys alike', async () => {
    expect(await call('addOrRemoveCoupon', { action: 'add', code: 'SALE\ud83d' })).toEqual({ status: 400, body: refusal('code') });
    expect(await call('createCartItem', { product_id: 1, combination_id: 1, 'extra\u0000': true })).toEqual({ status: 400, body: refusal('payload') });
    expect(await call('login', { email: 'ada@example.com', password: 'Secret\ud800!' })).toEqual({ status: 400, body: refusal('password') });
    const { token } = await registerCustomer(shop().app);
    const review = { title: 'Lovely \u0000 dress', content: 'Fits well and the fabric is soft.', rating: 5 };
    expect(await call('createProductReview', { productId: 1, review }, token)).toEqual({ status: 400, body: refusal('review.title') });
    // Inside a list, the field is named up to the list (as the contract's own refusals name it).
    expect(await call('createProductReview', { productId: 1, review: { ...review, title: 'Lovely dress', photos: ['\udfff'] } }, token)).toEqual({
      status: 400,
      body: refusal('review.photos'),
    });
  });
});

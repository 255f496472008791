import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createOrder, pageAction, startSandbox, token } from './support.ts';

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let bearer: string;

beforeAll(async () => {
  sandbox = await startSandbox({ webhookUrl: 'http://127.0.0.1:9/webhooks/paypal', webhookAttempts: 1 });
  bearer = (await token(sandbox.url)).body.access_token;
});
afterAll(() => sandbox.close());

const page = async (url: string) => {
  const response = await fetch(url, { redirect: 'manual' });
  return { status: response.status, headers: response.headers, location: response.headers.get('location'), html: await response.text() };
};

describe('the approval page', () => {
  it('shows the merchant and the amount in the order’s language, with no script and strict headers', async () => {
    const order = await createOrder(sandbox.url, bearer, { value: '1234.50', locale: 'de-DE' });
    const shown = await page(order.approveUrl);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain('<html lang="de">');
    expect(shown.html).toContain('Mit PayPal bezahlen');
    expect(shown.html).toContain('Sie bezahlen Atelier Moda');
    expect(shown.html).toMatch(/1\.234,50\s€/);
    expect(shown.html).not.toMatch(/<script|\son\w+=|style=/i);
    for (const action of ['approve', 'decline', 'cancel']) expect(shown.html).toContain(`name="action" value="${action}"`);
    const csp = shown.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self' http://shop.test");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(shown.headers.get('x-frame-options')).toBe('DENY');
    expect(shown.headers.get('cache-control')).toBe('no-store');
    expect(shown.headers.get('referrer-policy')).toBe('no-referrer');
    const css = await fetch(`${sandbox.url}/checkoutnow/assets/page.css`);
    expect(css.headers.get('content-type')).toContain('text/css');
  });

  it('speaks en, fr, it, es, de and pl, and English for anything else', async () => {
    const titles: Record<string, string> = { 'en-GB': 'Pay with PayPal', 'fr-FR': 'Payer avec PayPal', 'it-IT': 'Paga con PayPal', es: 'Pagar con PayPal', de: 'Mit PayPal bezahlen', 'pl-PL': 'Zapłać przez PayPal', 'nl-NL': 'Pay with PayPal' };
    for (const [locale, title] of Object.entries(titles)) {
      const order = await createOrder(sandbox.url, bearer, { locale });
      expect((await page(order.approveUrl)).html).toContain(`<h1>${title}</h1>`);
    }
  });

  it('Approve: the order is approved and the payer goes back to return_url with token and PayerID', async () => {
    const order = await createOrder(sandbox.url, bearer);
    const approved = await pageAction(sandbox.url, order.id, 'approve');
    expect(approved.status).toBe(303);
    const back = new URL(approved.location!);
    expect(`${back.origin}${back.pathname}`).toBe('http://shop.test/fr/checkout/validate');
    expect(back.searchParams.get('order')).toBe('ORDER-1');
    expect(back.searchParams.get('token')).toBe(order.id);
    const payerId = back.searchParams.get('PayerID');
    expect(payerId).toMatch(/^[A-Z0-9]{13}$/);
    expect((await api(sandbox.url, bearer, 'GET', `/v2/checkout/orders/${order.id}`)).body).toMatchObject({ status: 'APPROVED', payer: { payer_id: payerId } });
    // Back on the page (another tab, the back button): on to the merchant again.
    expect((await page(order.approveUrl)).location).toBe(approved.location);
    await api(sandbox.url, bearer, 'POST', `/v2/checkout/orders/${order.id}/capture`);
    const closed = await page(order.approveUrl);
    expect(closed.status).toBe(410);
    expect(closed.html).toContain('Ce paiement ne peut plus être approuvé.');
  });

  it('Decline: an error on the page, the order stays unapproved, and the payer can still pay or cancel', async () => {
    const order = await createOrder(sandbox.url, bearer, { locale: 'it-IT' });
    const declined = await pageAction(sandbox.url, order.id, 'decline');
    expect(declined.status).toBe(402);
    expect(declined.location).toBeNull();
    expect(declined.html).toContain('role="alert"');
    expect(declined.html).toContain('Questo metodo di pagamento è stato rifiutato.');
    expect(declined.html).toContain('value="approve"');
    expect((await api(sandbox.url, bearer, 'GET', `/v2/checkout/orders/${order.id}`)).body.status).toBe('PAYER_ACTION_REQUIRED');
    expect(await (await fetch(`${sandbox.url}/sandbox/orders/${order.id}`)).json()).toMatchObject({ payer_declines: 1 });
    const events = (await (await fetch(`${sandbox.url}/sandbox/events?order_id=${order.id}`)).json()) as { data: unknown[] };
    expect(events.data).toEqual([]);
    expect((await pageAction(sandbox.url, order.id, 'approve')).status).toBe(303);
  });

  it('Cancel: back to cancel_url with the token, the order unapproved', async () => {
    const order = await createOrder(sandbox.url, bearer);
    const cancelled = await pageAction(sandbox.url, order.id, 'cancel');
    expect(cancelled.status).toBe(303);
    expect(cancelled.location).toBe(`http://shop.test/fr/checkout/validate?order=ORDER-1&cancelled=1&token=${order.id}`);
    expect((await api(sandbox.url, bearer, 'GET', `/v2/checkout/orders/${order.id}`)).body.status).toBe('PAYER_ACTION_REQUIRED');
  });

  it('knows no unknown order, and takes no unknown action', async () => {
    expect((await page(`${sandbox.url}/checkoutnow?token=NOPE`)).status).toBe(404);
    expect((await page(`${sandbox.url}/checkoutnow`)).status).toBe(404);
    expect((await pageAction(sandbox.url, 'NOPE', 'approve')).status).toBe(404);
    const order = await createOrder(sandbox.url, bearer);
    expect((await pageAction(sandbox.url, order.id, 'steal')).status).toBe(400);
    const huge = await fetch(`${sandbox.url}/checkoutnow`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `token=${order.id}&x=${'y'.repeat(5_000)}` });
    expect(huge.status).toBe(413);
  });
});

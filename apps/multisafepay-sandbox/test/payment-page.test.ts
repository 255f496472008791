import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES, MESSAGES } from '../src/messages.ts';
import { createOrder, getOrder, getPage, pay, postForm, startReceiver, startSandbox } from './support.ts';

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});

const back = (orderId: string, cancelled = false) => `http://shop.test/en/checkout/validate?order=X${cancelled ? '&cancelled=1' : ''}&transactionid=${orderId}`;

describe('the payment page', () => {
  it('offers iDEAL, card and bank transfer in a labelled fieldset, the amount and a cancel button, under a strict policy', async () => {
    const { paymentUrl } = await createOrder(sandbox.url);
    const page = await getPage(paymentUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.html).toContain('<html lang="en">');
    expect(page.html).toContain('€49.90');
    expect(page.html).toContain('<legend>Choose how to pay</legend>');
    for (const [id, label] of [
      ['method', 'iDEAL'],
      ['method-card', 'Credit or debit card'],
      ['method-banktransfer', 'Bank transfer'],
    ]) {
      expect(page.html).toContain(`<label for="${id}">${label}</label>`);
    }
    expect(page.html).toMatch(/<button type="submit" class="link">Cancel and return to Atelier Moda<\/button>/);
    expect(page.html).not.toMatch(/<script|\sstyle=|\son[a-z]+=/i);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self' http://shop.test;");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const css = await fetch(`${sandbox.url}/pay/assets/page.css`);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    // No method chosen: the page again, 400, with an error summary linking to the choice.
    const none = await postForm(paymentUrl, {});
    expect(none.status).toBe(400);
    expect(none.html).toContain('<a href="#method">Choose a payment method.</a>');
    expect((await getPage(`${sandbox.url}/pay/madeup`)).status).toBe(404);
  });

  it('speaks the customer’s language (locale xx_YY), English otherwise', async () => {
    for (const lang of LOCALES) {
      const { paymentUrl } = await createOrder(sandbox.url, { customer: { locale: `${lang}_${lang.toUpperCase()}` } });
      const page = await getPage(paymentUrl);
      expect(page.html).toContain(`<html lang="${lang}">`);
      expect(page.html).toContain(`<legend>${MESSAGES[lang].chooseMethod}</legend>`);
    }
    const { paymentUrl } = await createOrder(sandbox.url, { customer: { locale: 'nl_NL' } });
    expect((await getPage(paymentUrl)).html).toContain('<html lang="en">');
    const french = await createOrder(sandbox.url, { customer: { locale: 'fr_FR' }, amount: 12_345 });
    expect((await getPage(french.paymentUrl)).html).toMatch(/123,45\s€/);
  });

  it('iDEAL: a bank, then Approve → completed and back to redirect_url with transactionid', async () => {
    const { orderId, paymentUrl } = await createOrder(sandbox.url);
    const chosen = await postForm(paymentUrl, { method: 'IDEAL' });
    expect(chosen).toMatchObject({ status: 303, location: `${paymentUrl}/ideal` });
    const bankPage = await getPage(chosen.location!);
    expect(bankPage.html).toContain('<label for="issuer">Choose your bank</label>');
    expect(bankPage.html).toContain('<option value="0031">ABN AMRO</option>');
    const noBank = await postForm(chosen.location!, { outcome: 'approve' });
    expect(noBank.status).toBe(400);
    expect(noBank.html).toContain('aria-invalid="true"');
    const approved = await postForm(chosen.location!, { issuer: '0721', outcome: 'approve' });
    expect(approved).toMatchObject({ status: 303, location: back(orderId) });
    expect(await getOrder(sandbox.url, orderId)).toMatchObject({ status: 'completed', payment_details: { type: 'IDEAL', issuer_id: '0721' } });
    // Paid: the page says so and leads back to the shop.
    const after = await getPage(paymentUrl);
    expect(after.status).toBe(410);
    expect(after.html).toContain('This order is paid');
  });

  it('iDEAL and card: Decline → declined and back to cancel_url (MultiSafepay’s "payment failed")', async () => {
    for (const method of ['IDEAL', 'CREDITCARD'] as const) {
      const { orderId, paymentUrl } = await createOrder(sandbox.url);
      const declined = await pay(paymentUrl, method, 'decline');
      expect(declined).toMatchObject({ status: 303, location: back(orderId, true) });
      expect(await getOrder(sandbox.url, orderId)).toMatchObject({ status: 'declined', payment_details: { type: method } });
    }
  });

  it('card: Approve → completed', async () => {
    const { orderId, paymentUrl } = await createOrder(sandbox.url);
    const card = await getPage(`${paymentUrl}/card`);
    expect(card.html).toContain('<button type="submit" name="outcome" value="approve">Approve</button>');
    expect(await pay(paymentUrl, 'CREDITCARD')).toMatchObject({ status: 303, location: back(orderId) });
    expect((await getOrder(sandbox.url, orderId)).status).toBe('completed');
  });

  it('Cancel → void and back to cancel_url, from the choice or from a method’s page', async () => {
    const first = await createOrder(sandbox.url);
    expect(await postForm(`${first.paymentUrl}/cancel`, {})).toMatchObject({ status: 303, location: back(first.orderId, true) });
    expect((await getOrder(sandbox.url, first.orderId)).status).toBe('void');
    const second = await createOrder(sandbox.url);
    await postForm(second.paymentUrl, { method: 'CREDITCARD' });
    expect((await postForm(`${second.paymentUrl}/cancel`, {})).location).toBe(back(second.orderId, true));
    expect((await getOrder(sandbox.url, second.orderId)).status).toBe('void');
    // Nothing more can be done on a cancelled order's page.
    expect((await postForm(`${second.paymentUrl}/card`, { outcome: 'approve' })).status).toBe(410);
  });

  it('bank transfer: Confirm → initialized with transfer instructions and a way back; completed when the money arrives', async () => {
    const { orderId, paymentUrl } = await createOrder(sandbox.url);
    const confirmed = await pay(paymentUrl, 'BANKTRANS');
    expect(confirmed).toMatchObject({ status: 303, location: paymentUrl });
    const instructions = await getPage(paymentUrl);
    expect(instructions.status).toBe(200);
    expect(instructions.html).toContain('Transfer the amount');
    expect(instructions.html).toContain('NL87 ABNA 0000 0000 01');
    const order = await getOrder(sandbox.url, orderId);
    expect(order).toMatchObject({ status: 'initialized', payment_details: { type: 'BANKTRANS' }, payment_url: null });
    expect(instructions.html).toContain(`<dd id="reference">${order.payment_details.external_transaction_id}</dd>`);
    expect(instructions.html).toContain(`href="${back(orderId).replace(/&/g, '&amp;')}"`);
    // No second choice on the same order.
    expect((await postForm(`${paymentUrl}/card`, { outcome: 'approve' })).status).toBe(200);
    expect((await getOrder(sandbox.url, orderId)).status).toBe('initialized');
    const arrived = await fetch(`${sandbox.url}/sandbox/orders/${orderId}/complete-transfer`, { method: 'POST' });
    expect(arrived.status).toBe(200);
    expect((await getOrder(sandbox.url, orderId)).status).toBe('completed');
    expect((await fetch(`${sandbox.url}/sandbox/orders/${orderId}/complete-transfer`, { method: 'POST' })).status).toBe(409);
  });

  it('an order for one gateway opens that method’s page directly', async () => {
    const { paymentUrl } = await createOrder(sandbox.url, { gateway: 'IDEAL' });
    expect(await getPage(paymentUrl)).toMatchObject({ status: 303, location: `${paymentUrl}/ideal` });
    expect(await getPage(`${paymentUrl}/card`)).toMatchObject({ status: 303, location: `${paymentUrl}/ideal` });
    expect((await getPage(`${paymentUrl}/ideal`)).html).not.toContain('Choose another payment method');
  });
});

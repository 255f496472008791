import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES, MESSAGES } from '../src/messages.ts';
import { api, card, createSession, postForm, startReceiver, startSandbox } from './support.ts';

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
/** Every page a test saw, to check none holds a card number or a security code. */
const pages: string[] = [];

async function getPage(url: string) {
  const response = await fetch(url, { redirect: 'manual' });
  const html = await response.text();
  pages.push(html);
  return { status: response.status, headers: response.headers, html, location: response.headers.get('location') };
}

async function pay(sessionUrl: string, fields: Record<string, string>) {
  const answer = await postForm(sessionUrl, fields);
  pages.push(answer.html);
  return answer;
}

const session = async (id: string) => (await api(sandbox.url, 'GET', `/v1/checkout/sessions/${id}`)).body;

beforeAll(async () => {
  receiver = await startReceiver();
  sandbox = await startSandbox({ webhookUrl: receiver.url });
});
afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});

describe('the hosted page', () => {
  it('is a form with a label per field, the amount, the merchant and a way back, under a strict policy', async () => {
    const created = await createSession(sandbox.url);
    const page = await getPage(created.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    for (const field of ['cardholder_name', 'card_number', 'expiry', 'cvc']) {
      expect(page.html).toMatch(new RegExp(`<label for="${field}">`));
      expect(page.html).toMatch(new RegExp(`<input id="${field}" name="${field}"`));
    }
    expect(page.html).toContain('Pay Atelier Moda');
    expect(page.html).toContain('€49.90');
    expect(page.html).toContain(`<form method="post" action="/pay/${created.id}"`);
    expect(page.html).toContain(`href="http://shop.test/en/checkout?step=payment&amp;session_id=${created.id}">Cancel and return</a>`);
    expect(page.html).not.toMatch(/<script|\sstyle=|\son[a-z]+=/i);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    // The answer to the form may send the browser to the shop: its origin is allowed as a form target.
    expect(csp).toContain("form-action 'self' http://shop.test");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('cache-control')).toBe('no-store');
    const css = await fetch(`${sandbox.url}/pay/assets/page.css`);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
  });

  it('speaks the session language', async () => {
    for (const locale of LOCALES) {
      const created = await createSession(sandbox.url, { locale });
      const page = await getPage(created.url);
      expect(page.html).toContain(`<html lang="${locale}">`);
      expect(page.html).toContain(`>${MESSAGES[locale].number}</label>`);
      expect(page.html).toContain(MESSAGES[locale].cancel);
    }
    const french = await createSession(sandbox.url, { locale: 'fr' });
    expect((await getPage(french.url)).html).toMatch(/49,90\s€/);
  });

  it('approves 4242 4242 4242 4242: the session is paid and the shopper goes to success_url', async () => {
    const created = await createSession(sandbox.url, { client_reference_id: 'ORDER-APPROVE' });
    const answer = await pay(created.url, card('4242 4242 4242 4242'));
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`http://shop.test/en/checkout/validate?session_id=${created.id}`);
    const read = await session(created.id);
    expect(read).toMatchObject({ status: 'complete', payment_status: 'paid', last_payment_error: null, url: null });
    expect(read.payment_method_details.card).toEqual({ brand: 'visa', last4: '4242' });
    await expect.poll(() => receiver.received.filter((r) => r.event.data.object.client_reference_id === 'ORDER-APPROVE').map((r) => r.event.type)).toEqual(['checkout.session.completed']);
    // A second visit finds the payment done and goes back to the shop.
    expect((await getPage(created.url)).location).toBe(`http://shop.test/en/checkout/validate?session_id=${created.id}`);
  });

  it('approves any other number that passes the Luhn check', async () => {
    const created = await createSession(sandbox.url);
    expect((await pay(created.url, card('5555555555554444'))).status).toBe(303);
    expect((await session(created.id)).payment_method_details.card).toEqual({ brand: 'mastercard', last4: '4444' });
  });

  it.each([
    ['4000 0000 0000 0002', 'generic_decline', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'insufficient_funds', 'Your card has insufficient funds.'],
  ])('declines %s (%s) as Stripe does: the page again with the reason, the session open with last_payment_error', async (number, declineCode, text) => {
    const reference = `ORDER-${declineCode}`;
    const created = await createSession(sandbox.url, { client_reference_id: reference });
    const answer = await pay(created.url, card(number));
    expect(answer.status).toBe(402);
    expect(answer.html).toContain(text);
    expect(answer.html).toContain('<p class="error" id="card_number-error">');
    expect(answer.html).toContain('aria-describedby="card_number-error" aria-invalid="true"');
    expect(answer.html).toContain('value="Ada Lovelace"');
    const read = await session(created.id);
    expect(read).toMatchObject({ status: 'open', payment_status: 'unpaid', last_payment_error: { code: 'card_declined', decline_code: declineCode } });
    await expect.poll(() => receiver.received.filter((r) => r.event.data.object.client_reference_id === reference).map((r) => r.event.type)).toEqual(['payment_intent.payment_failed']);
    // The shopper tries another card on the same page and pays.
    expect((await pay(created.url, card('4242424242424242'))).status).toBe(303);
    expect(await session(created.id)).toMatchObject({ status: 'complete', payment_status: 'paid', last_payment_error: null });
  });

  it('asks for 3-D Secure with 4000 0027 6000 3184, and completes once authenticated', async () => {
    const created = await createSession(sandbox.url);
    const answer = await pay(created.url, card('4000 0027 6000 3184'));
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`/pay/${created.id}/authenticate`);
    const challenge = await getPage(`${sandbox.url}${answer.location}`);
    expect(challenge.status).toBe(200);
    expect(challenge.html).toContain('<button type="submit" name="outcome" value="complete">Complete authentication</button>');
    expect(challenge.html).toContain('Fail authentication</button>');
    expect(challenge.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const challengeId = /name="challenge" value="([^"]+)"/.exec(challenge.html)?.[1] as string;
    // Until answered, the session is not paid.
    expect(await session(created.id)).toMatchObject({ status: 'open', payment_status: 'unpaid' });
    const done = await pay(`${sandbox.url}/pay/${created.id}/authenticate`, { challenge: challengeId, outcome: 'complete' });
    expect(done.status).toBe(303);
    expect(done.location).toBe(`http://shop.test/en/checkout/validate?session_id=${created.id}`);
    expect(await session(created.id)).toMatchObject({ status: 'complete', payment_status: 'paid', payment_method_details: { card: { last4: '3184' } } });
  });

  it('declines when 3-D Secure authentication fails', async () => {
    const created = await createSession(sandbox.url, { locale: 'it' });
    await pay(created.url, card('4000002760003184'));
    const challenge = await getPage(`${sandbox.url}/pay/${created.id}/authenticate`);
    expect(challenge.html).toContain(MESSAGES.it.authFail);
    const challengeId = /name="challenge" value="([^"]+)"/.exec(challenge.html)?.[1] as string;
    const failed = await pay(`${sandbox.url}/pay/${created.id}/authenticate`, { challenge: challengeId, outcome: 'fail' });
    expect(failed.status).toBe(402);
    expect(failed.html).toContain(MESSAGES.it.authenticationFailed);
    expect(await session(created.id)).toMatchObject({
      status: 'open',
      payment_status: 'unpaid',
      last_payment_error: { code: 'payment_intent_authentication_failure' },
    });
    // The challenge is spent: answering it again changes nothing.
    const again = await pay(`${sandbox.url}/pay/${created.id}/authenticate`, { challenge: challengeId, outcome: 'complete' });
    expect(again.location).toBe(`/pay/${created.id}`);
    expect((await session(created.id)).payment_status).toBe('unpaid');
  });

  it.each([
    ['a number failing the Luhn check', card('4242 4242 4242 4241'), 'card_number', 'Your card number is invalid.'],
    ['letters for a number', card('4242-abcd'), 'card_number', 'Your card number is invalid.'],
    ['an expiry in the past', card('4242424242424242', { expiry: '01/20' }), 'expiry', "Your card's expiration date is in the past."],
    ['an expiry that is no date', card('4242424242424242', { expiry: '13/30' }), 'expiry', 'Enter the expiry date as MM/YY.'],
    ['a two-digit security code', card('4242424242424242', { cvc: '12' }), 'cvc', "Your card's security code is invalid."],
    ['no name', card('4242424242424242', { cardholder_name: '  ' }), 'cardholder_name', 'Enter the name on the card.'],
  ])('refuses %s: 400 and the form again, the error tied to its field', async (_what, fields, field, message) => {
    const created = await createSession(sandbox.url);
    const answer = await pay(created.url, fields);
    expect(answer.status).toBe(400);
    expect(answer.html).toContain(`<p class="error" id="${field}-error">${message.replace(/'/g, '&#39;')}</p>`);
    expect(answer.html).toMatch(new RegExp(`<input id="${field}"[^>]*aria-describedby="[^"]*${field}-error"[^>]*aria-invalid="true"[^>]* autofocus>`));
    expect(answer.html).toContain(`<a href="#${field}">`);
    expect(answer.html).toContain('role="alert"');
    expect(await session(created.id)).toMatchObject({ status: 'open', payment_status: 'unpaid', last_payment_error: null });
  });

  it('keeps no card number or security code in any page or log line', async () => {
    const numbers = ['4242424242424242', '4000000000000002', '4000000000009995', '4000002760003184', '5555555555554444', '4242424242424241'];
    const spaced = numbers.map((number) => number.replace(/(\d{4})(?=\d)/g, '$1 '));
    // The security code the tests type, as a number of its own: a port such as 37391 in a log line is not it.
    const securityCode = /(?<!\d)7391(?!\d)/;
    const all = [...pages, ...sandbox.logs];
    expect(pages.length).toBeGreaterThan(15);
    expect(sandbox.logs.length).toBeGreaterThan(10);
    for (const text of all) {
      for (const number of [...numbers, ...spaced]) expect(text).not.toContain(number);
      expect(text).not.toMatch(securityCode);
    }
    // Nor the notifications sent to the shop.
    for (const { rawBody } of receiver.received) {
      for (const number of numbers) expect(rawBody).not.toContain(number);
      expect(rawBody).not.toMatch(securityCode);
    }
    // Nor what the API tells about sessions.
    const events = await (await fetch(`${sandbox.url}/sandbox/events`)).text();
    expect(events).not.toMatch(securityCode);
  });

  it('shows an expired session as such and takes no payment on it', async () => {
    const created = await createSession(sandbox.url);
    const expired = await api(sandbox.url, 'POST', `/v1/checkout/sessions/${created.id}/expire`);
    expect(expired.body).toMatchObject({ status: 'expired', url: null });
    const page = await getPage(created.url);
    expect(page.status).toBe(410);
    expect(page.html).toContain('This payment page has expired.');
    expect((await pay(created.url, card('4242424242424242'))).status).toBe(410);
    expect((await session(created.id)).payment_status).toBe('unpaid');
    expect((await getPage(`${sandbox.url}/pay/cs_test_unknown`)).status).toBe(404);
  });

  it('refuses form bodies beyond 4 KB', async () => {
    const created = await createSession(sandbox.url);
    const answer = await postForm(created.url, card('4242424242424242', { cardholder_name: 'x'.repeat(5000) }));
    expect(answer.status).toBe(413);
  });
});

describe('sessions expire', () => {
  it('after their time (CARD_SANDBOX_SESSION_TTL_SECONDS)', async () => {
    const quick = await startSandbox({ sessionTtlSeconds: 1, webhookUrl: receiver.url });
    try {
      const created = await createSession(quick.url, { client_reference_id: 'ORDER-TTL' });
      expect(created.expires_at).toBe((created.created as number) + 1);
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      expect((await api(quick.url, 'GET', `/v1/checkout/sessions/${created.id}`)).body.status).toBe('expired');
      await expect.poll(() => receiver.received.filter((r) => r.event.data.object.client_reference_id === 'ORDER-TTL').map((r) => r.event.type)).toEqual(['checkout.session.expired']);
    } finally {
      await quick.close();
    }
  });
});

import { get } from 'node:http';
import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { BACK_OFFICE } from './back-office-fixtures';
import { SHOPS, TEXTS, type TestLang } from './fixtures';

/**
 * What the internet sends a shop, as a client would send it: every answer is a 4xx (or a redirect to a safe
 * place) in the visitor's language, never a 5xx.
 */
const ORIGIN = { Origin: SHOPS.main };

/** The screens with an action (apps/storefront/app/routes.ts), in a language each. */
const SCREEN_ACTIONS: [TestLang, string][] = [
  ['en', '/en/cart'],
  ['fr', '/fr/wishlist'],
  ['it', '/it/auth/login'],
  ['es', '/es/auth/register'],
  ['de', '/de/forgot-password'],
  ['en', '/en/auth/set-new-password'],
  ['fr', '/fr/auth/confirm-account'],
];
/** Actions without a screen of their own (fetchers' endpoints): their refusal is data with the status. */
const RESOURCE_ACTIONS = ['/de/preferences', '/en/password-strength'];
/** Actions that need a signed-in customer: a visitor is sent to sign in before anything is read. */
const SIGNED_IN_ACTIONS = ['/it/my-account', '/es/my-account/addresses'];

/** A page answer in `lang`: the document's language and the error screen's texts. */
async function expectRefusalPage(response: APIResponse, lang: TestLang, status: number) {
  expect(response.status(), response.url()).toBe(status);
  const html = await response.text();
  expect(html).toContain(`lang="${lang}"`);
  expect(html).toContain(TEXTS[lang].errors.default);
}

const bodies = (request: APIRequestContext, path: string) => ({
  json: () => request.post(path, { headers: { ...ORIGIN, 'Content-Type': 'application/json' }, data: '{"intent":"add","product_id":1}' }),
  text: () => request.post(path, { headers: { ...ORIGIN, 'Content-Type': 'text/plain' }, data: 'intent=add' }),
  brokenMultipart: () =>
    request.post(path, { headers: { ...ORIGIN, 'Content-Type': 'multipart/form-data; boundary=zz' }, data: '--zz\r\nContent-Disposition: form-data\r\n\r\ngarbage' }),
  oversized: () => request.post(path, { headers: { ...ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded' }, data: `intent=add&note=${'a'.repeat(200_000)}` }),
});

for (const [lang, path] of SCREEN_ACTIONS) {
  test(`${path} refuses bodies that are not forms with a page in its language`, async ({ request }) => {
    const send = bodies(request, path);
    await expectRefusalPage(await send.json(), lang, 415);
    await expectRefusalPage(await send.text(), lang, 415);
    await expectRefusalPage(await send.brokenMultipart(), lang, 400);
    await expectRefusalPage(await send.oversized(), lang, 413);
  });
}

test('endpoints without a screen refuse bodies that are not forms with the status, and signed-in actions send visitors to sign in', async ({ request }) => {
  for (const path of RESOURCE_ACTIONS) {
    const send = bodies(request, path);
    expect((await send.json()).status(), path).toBe(415);
    expect((await send.text()).status(), path).toBe(415);
    expect((await send.brokenMultipart()).status(), path).toBe(400);
    expect((await send.oversized()).status(), path).toBe(413);
  }
  for (const path of SIGNED_IN_ACTIONS) {
    const response = await request.post(path, { headers: { ...ORIGIN, 'Content-Type': 'application/json' }, data: '{}', maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    expect(response.headers()['location'], path).toContain('/auth/login?redirectTo=');
  }
});

test('methods other than GET, HEAD and POST get a 405 in the visitor language', async ({ request }) => {
  for (const method of ['TRACE', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
    const response = await request.fetch('/it/cart', { method });
    await expectRefusalPage(response, 'it', 405);
    expect(response.headers()['allow']).toBe('GET, HEAD, POST');
  }
});

test('hostile headers and cookies never make a 5xx', async ({ request }) => {
  const attempts: Record<string, string>[] = [
    { Cookie: 'sid=%00' },
    { Cookie: `sid=${'A'.repeat(43)}` },
    { Cookie: `sid=${'x'.repeat(4_000)}; lang=%ZZ; country=\u00ff\u00ff` },
    { Cookie: 'flash=%E0%A4%A; lang=../../etc' },
    { 'Accept-Language': '*;q=x, ;;;, de-DE;q=1e999' },
    { 'X-Forwarded-For': 'not-an-address, ::::' },
    { 'X-Forwarded-Host': 'evil.example:99999', 'X-Forwarded-Proto': 'gopher' },
    { Host: 'localhost:99999' },
  ];
  // The blue shop believes forwarded headers from this machine: a trusted proxy can still send nonsense.
  const behindProxy: Record<string, string>[] = [{ 'X-Forwarded-Host': 'localhost:99999' }, { 'X-Forwarded-Host': 'localhost:1, evil:99999', 'X-Forwarded-For': '::::' }];
  const tries = [...attempts.map((headers) => ({ shop: SHOPS.main, headers })), ...behindProxy.map((headers) => ({ shop: SHOPS.blue, headers }))];
  for (const { shop, headers } of tries) {
    for (const path of ['/en', '/de/cart', '/fr/my-account', '/it/wishlist', '/es/search?q=abito']) {
      const response = await request.get(`${shop}${path}`, { headers, maxRedirects: 0 });
      expect(response.status(), `${shop}${path} ${JSON.stringify(headers)}`).toBeLessThan(500);
    }
  }
});

test('an unknown Host is refused, and forwarded headers from an untrusted client change no link', async ({ request }) => {
  await expectRefusalPage(await request.get('/de', { headers: { Host: 'rebind.attacker.example' } }), 'de', 400);

  const poisoned = await request.get('/fr/offline', { headers: { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' } });
  expect(await poisoned.text()).not.toContain('evil.example');
  // The next visitor gets the page as the shop builds it, not as the attacker asked for it.
  const next = await request.get('/fr/offline');
  const html = await next.text();
  expect(html).not.toContain('evil.example');
  expect(html).toContain(`<link rel="canonical" href="${SHOPS.main}/fr/offline"`);
});

test('redirect targets with control characters or another site end on a page of the shop', async ({ request }) => {
  const targets = [
    '/en/cart\r\nSet-Cookie: sid=x', '/%0d%0aLocation:%20https://evil.example', '/\t/evil.example', '/%09/evil.example', '//evil.example', '/\\evil.example', 'https://evil.example',
    // Spellings that only become `//evil.example` once the dots are resolved.
    '/.//evil.example', '/%2e%2e//evil.example', '/en/..//evil.example', '/%2f%2fevil.example',
  ];
  const locations = async (response: APIResponse) => {
    expect(response.status()).toBeLessThan(500);
    return response.headers()['location'] ?? '';
  };
  for (const target of targets) {
    const cart = await locations(await request.post('/en/cart', { headers: ORIGIN, form: { intent: 'remove', item_id: '999999', redirectTo: target }, maxRedirects: 0 }));
    // The language switch always redirects: its way back is the page's path in the chosen language.
    const language = await locations(await request.post('/de/preferences', { headers: ORIGIN, form: { lang: 'en', path_en: target }, maxRedirects: 0 }));
    expect(language, target).toBe('/en');
    for (const location of [cart, language].filter(Boolean)) {
      expect(location, target).not.toMatch(/[\r\n\t]|evil\.example/);
      expect(new URL(location, SHOPS.main).origin).toBe(SHOPS.main);
    }
  }
  // The trailing slash removed from a path that starts with two: still a page of the shop.
  expect(await rawLocation('//evil.example/')).toBe('/');
});

/** The Location answered to a GET of `path` sent as it is (Playwright's client would resolve `//host` to another site). */
function rawLocation(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    get(SHOPS.main, { path }, (response) => {
      response.resume();
      resolve(response.headers.location ?? '');
    }).on('error', reject);
  });
}

test('no page breaks its own Content-Security-Policy: the shop’s pages and the back office’s sign-in report no violation', async ({ page }) => {
  // A violation (an eval, an inline script without the nonce, a blocked file) fires this event on the document.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { violations: string[] }).violations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`));
  });
  const home = await (await page.request.get('/en')).text();
  const product = /href="(\/en\/\d+-[a-z0-9-]+\.html)"/.exec(home)![1]!;
  for (const path of ['/en', '/en/3-women', product, '/en/search?q=dress', '/en/cart', '/en/auth/login', `${BACK_OFFICE}/sign-in`]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations), path).toEqual([]);
  }
});

test('each answer of a cached page has its own CSP nonce', async ({ request }) => {
  const nonces = [];
  for (let index = 0; index < 3; index++) {
    const response = await request.get('/es/offline');
    const header = /'nonce-([^']+)'/.exec(response.headers()['content-security-policy'] ?? '')?.[1];
    expect(header).toBeTruthy();
    const html = await response.text();
    // Every script of the page carries the answer's own nonce.
    expect([...html.matchAll(/<script[^>]*nonce="([^"]+)"/g)].map((match) => match[1])).toEqual(expect.arrayContaining([header]));
    expect(html).not.toMatch(new RegExp(`nonce="(?!${header!.replace(/[+/=]/g, '\\$&')})`));
    nonces.push(header);
  }
  expect(new Set(nonces).size).toBe(3);
});

test('a sign-in throttle follows the real client: forwarded addresses count only from a trusted proxy', async ({ playwright }) => {
  const throttled = TEXTS.en.auth.tooManyAttempts;
  /** Signs in on `base` as the client `forwardedFor` claims to be; whether the shop answered 'too many attempts'. */
  const attempt = async (base: string, forwardedFor: string, email: string, password: string) => {
    const context = await playwright.request.newContext({ baseURL: base });
    const response = await context.post('/en/auth/login', {
      headers: { Origin: base, 'X-Forwarded-For': forwardedFor },
      form: { email, password },
      maxRedirects: 0,
    });
    const answer = { status: response.status(), throttled: (await response.text()).includes(throttled) };
    await context.dispose();
    return answer;
  };
  // The main shop trusts no proxy: failures under six made-up addresses are one client's failures.
  const stranger = `throttle.${Date.now()}@example.com`;
  for (let index = 0; index < 5; index++) await attempt(SHOPS.main, `198.51.100.${index}`, stranger, 'Wrong-Passw0rd!');
  expect((await attempt(SHOPS.main, '198.51.100.99', stranger, 'Wrong-Passw0rd!')).throttled).toBe(true);
  // The blue shop trusts its local proxy: one shopper's failures do not stop another shopper.
  for (let index = 0; index < 5; index++) await attempt(SHOPS.blue, '203.0.113.1', 'demo@example.com', 'Wrong-Passw0rd!');
  expect((await attempt(SHOPS.blue, '203.0.113.1', 'demo@example.com', 'Wrong-Passw0rd!')).throttled).toBe(true);
  expect(await attempt(SHOPS.blue, '203.0.113.2', 'demo@example.com', 'Demo-Passw0rd!')).toEqual({ status: 302, throttled: false });
});

test('a client posting in a loop is refused after a burst, in its language, while another client posts on', async ({ request }) => {
  // The blue shop keeps the default limits (20 posts, then one a second) and believes this machine's X-Forwarded-For.
  const post = (forwardedFor: string) =>
    request.post(`${SHOPS.blue}/de/password-strength`, {
      headers: { Origin: SHOPS.blue, 'X-Forwarded-For': forwardedFor },
      form: { password: 'Ein-langes-Passw0rt' },
    });
  const script = `203.0.113.${100 + test.info().retry}`;
  // The bucket refills at one post a second while the loop runs: on a slow machine a few more get through.
  const started = Date.now();
  let accepted = 0;
  let refused = await post(script);
  while (refused.status() === 200 && accepted < 100) {
    accepted += 1;
    refused = await post(script);
  }
  expect(accepted).toBeGreaterThanOrEqual(20);
  expect(accepted).toBeLessThanOrEqual(20 + Math.ceil((Date.now() - started) / 1000));
  await expectRefusalPage(refused, 'de', 429);
  expect(await refused.text()).toContain(TEXTS.de.errors.reasons.too_many_requests);
  expect(refused.headers()['retry-after']).toBe('1');
  expect((await post(`198.51.100.${100 + test.info().retry}`)).status()).toBe(200);
});

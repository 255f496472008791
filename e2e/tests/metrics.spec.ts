import { expect, test } from '@playwright/test';
import { SHOPS, shopPorts } from '../playwright.config';

const ports = shopPorts(Number(new URL(SHOPS.main).port));
const at = (port: string, path: string) => `http://127.0.0.1:${port}${path}`;

test('each process serves its metrics on its own address, never on the public one', async ({ request }) => {
  expect((await request.get('/en')).status()).toBe(200);
  expect((await request.get('/en/no-such-page-at-all')).status()).toBe(404);
  // The shopper's address and the API's have no /metrics.
  expect((await request.get('/metrics')).status()).toBe(404);
  expect((await request.get(at(ports.SHOP_API_PORT!, '/metrics'))).status()).toBe(404);

  const storefront = await (await request.get(at(ports.METRICS_PORT!, '/metrics'))).text();
  expect(storefront).toMatch(/^http_requests_total\{route="routes\/home",method="GET",status="200"\} [1-9]/m);
  expect(storefront).toMatch(/^http_requests_total\{route="routes\/page",method="GET",status="404"\} [1-9]/m);
  expect(storefront).toMatch(/^storefront_turns\{work="render",state="waiting"\} \d+$/m);
  expect(storefront).not.toContain('no-such-page');
  // The home page's calls to the API, by call.
  const api = await (await request.get(at(ports.SHOP_API_METRICS_PORT!, '/metrics'))).text();
  expect(api).toMatch(/^http_requests_total\{route="\/[A-Za-z]+",method="(GET|POST)",status="200"\} [1-9]/m);
  expect(api).toMatch(/^process_resident_memory_bytes \d+/m);

  // The back office's, by route id too; its own address answers no metrics.
  const backOffice = `http://127.0.0.1:${ports.BACK_OFFICE_PORT}`;
  expect((await request.get(`${backOffice}/sign-in`)).status()).toBe(200);
  expect((await request.get(`${backOffice}/metrics`)).status()).toBe(404);
  const staff = await (await request.get(at(ports.BACK_OFFICE_METRICS_PORT!, '/metrics'))).text();
  expect(staff).toMatch(/^http_requests_total\{route="routes\/sign-in",method="GET",status="200"\} [1-9]/m);
  expect(staff).toMatch(/^process_resident_memory_bytes \d+/m);
});

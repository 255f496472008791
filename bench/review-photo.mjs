// How long a shopper waits for an 8 MB review photo to upload, as the browser sends it (issue 14): the demo
// customer opens the review form of a product they bought, in Debian's Chromium, chooses a PNG of noise of almost
// 8 MB (it does not compress), and the clock runs until the shop shows the resized photo. The shop runs with its
// default limits (the storefront's post admission), on this machine, one shopper alone.
// Prints the time, the chunk posts sent and the answers the photo posts got (429: held back by the admission).
// Usage: npm run build && node bench/review-photo.mjs
import { spawn } from 'node:child_process';
import { chromium } from '@playwright/test';
import { CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { noisePng } from './noise-png.mjs';
import { waitFor } from './wait-for.mjs';

const PORT = 5910;
const API_PORT = 5911;
const shopUrl = `http://127.0.0.1:${PORT}`;
const DEMO = { email: 'demo@example.com', password: 'Demo-Passw0rd!' };

/** A product of the demo customer's first seeded order (the review form needs a purchase). */
async function boughtProduct() {
  const post = (name, body, token) =>
    fetch(`http://127.0.0.1:${API_PORT}/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { 'x-session-id': token } : {}) },
      body: JSON.stringify(body),
    }).then((response) => response.json());
  const { psdata } = await post('login', DEMO);
  const order = await post('getOrder', { reference: 'DEMO000001' }, psdata.session.token);
  return order.psdata.lines[0].product_id;
}

const shop = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: new URL('..', import.meta.url),
  env: {
    ...process.env,
    PORT: String(PORT),
    SHOP_API_PORT: String(API_PORT),
    CARD_SANDBOX_PORT: '5912',
    PAYPAL_SANDBOX_PORT: '5913',
    MULTISAFEPAY_SANDBOX_PORT: '5914',
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'warn',
  },
  stdio: 'inherit',
});
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH });
try {
  await waitFor(`${shopUrl}/health/ready`, 1200);
  const product = await boughtProduct();
  const page = await browser.newPage();
  await page.goto(`${shopUrl}/en/auth/login?redirectTo=${encodeURIComponent(`/en/${product}.html?review=write`)}`);
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/review=write/);
  const files = page.locator('#review-form input[type=file]');
  await files.waitFor();
  const statuses = {};
  let chunkPosts = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/photos?upload=')) chunkPosts++;
  });
  page.on('response', (response) => {
    if (response.request().method() === 'POST' && response.url().includes('/photos')) statuses[response.status()] = (statuses[response.status()] ?? 0) + 1;
  });
  const png = noisePng(1670, 1670);
  const started = performance.now();
  await files.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png });
  const shown = page.locator('#review-form img');
  const refused = page.locator('#review-form [role=alert]');
  await Promise.race([shown.first().waitFor({ timeout: 600_000 }), refused.first().waitFor({ timeout: 600_000 })]);
  const seconds = (performance.now() - started) / 1000;
  const outcome = (await shown.count()) > 0 ? 'photo shown' : `refused: ${await refused.first().textContent()}`;
  console.log(
    `${(png.length / 1024 / 1024).toFixed(2)} MB photo: ${outcome} after ${seconds.toFixed(1)} s; ` +
      `${chunkPosts} chunk posts; answers to the photo posts: ${JSON.stringify(statuses)}`,
  );
} finally {
  await browser.close();
  shop.kill('SIGTERM');
}

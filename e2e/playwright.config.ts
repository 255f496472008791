import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_PATH } from '../scripts/chromium.mjs';

/**
 * End-to-end tests drive the built shop in Debian's Chromium (never a downloaded browser).
 * Five shops run side by side, as `npm start` runs them, each with the settings its tests need.
 */
// E2E_PORT_BASE lets two runs share a machine: storefronts on base…base+400 (supervisor.spec.ts starts its own from
// base+500), their APIs 1000 higher, their card
// sandboxes 2000 higher, their MultiSafepay sandboxes 2050 higher (each shop its own; scripts/start.mjs points the
// shop's API at them).
const base = Number(process.env.E2E_PORT_BASE ?? 3100);
const PORTS = { main: base, blue: base + 100, maintenance: base + 200, apiDown: base + 300, phone: base + 400 };
export const SHOPS = Object.fromEntries(Object.entries(PORTS).map(([name, port]) => [name, `http://127.0.0.1:${port}`])) as Record<
  keyof typeof PORTS,
  string
>;

// A fresh demo shop for every run. Playwright loads this file in its workers too: only the runner cleans.
const dataDir = join(tmpdir(), `shop-e2e-${base}`);
if (process.env.TEST_WORKER_INDEX === undefined) rmSync(dataDir, { recursive: true, force: true });

// Every test is a shopper on this machine: one client as far as the per-client limits go (the storefront's
// form posts, admission.js, and renders at once, ADR 13; the API's guest sessions and held units, ADR 9). The blue shop keeps the default
// limits, and its tests post under distinct forwarded addresses.
const ONE_CLIENT_FOR_ALL_TESTS = {
  POSTS_PER_CLIENT_BURST: '100000',
  POSTS_PER_CLIENT_AT_ONCE: '1000',
  PHOTO_MEGABYTES_PER_CLIENT_PER_MINUTE: '100000',
  GUEST_SESSIONS_PER_CLIENT_PER_HOUR: '100000',
  HELD_UNITS_PER_CLIENT: '100000',
  RENDERS_PER_CLIENT_AT_ONCE: '1000',
};

/** The blue shop's tag manager, and the main shop's id that is not one. */
export const E2E_GTM_ID = 'GTM-E2E0TEST';
export const E2E_BAD_GTM_ID = 'UA-12345-1';

/** The main shop's back-office token (ADMIN_TOKEN): tests refund its orders with `npm run refund`. */
export const E2E_ADMIN_TOKEN = 'e2e-back-office-token-0123456789abcdef';

// Each shop's PayPal sandbox listens 4000 above its storefront (7100…7500 with the default base), its back office 3000
// above (6100…6400), clear of the storefronts, APIs and other sandboxes above.
/** The ports of a shop whose storefront listens on `port`: its API and its payment sandboxes, clear of every other shop's. */
export function shopPorts(port: number): Record<string, string> {
  return {
    PORT: String(port),
    SHOP_API_PORT: String(port + 1000),
    CARD_SANDBOX_PORT: String(port + 2000),
    MULTISAFEPAY_SANDBOX_PORT: String(port + 2050),
    PAYPAL_SANDBOX_PORT: String(port + 4000),
    BACK_OFFICE_PORT: String(port + 3000),
    // The metrics addresses (this machine only): the storefront's 50 above it, its API's 50 above the API, the back
    // office's 50 above the back office.
    METRICS_PORT: String(port + 50),
    SHOP_API_METRICS_PORT: String(port + 1050),
    BACK_OFFICE_METRICS_PORT: String(port + 3050),
  };
}

function shop(port: number, env: Record<string, string>) {
  return {
    command: 'node scripts/start.mjs',
    cwd: '..',
    // A static file: ready as soon as the storefront listens, whatever state the shop is in.
    url: `http://127.0.0.1:${port}/favicon.svg`,
    env: { ...shopPorts(port), LOG_LEVEL: 'warn', ...env },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  };
}

export default defineConfig({
  testDir: './tests',
  // Runs on other port ranges keep their own results.
  outputDir: `./test-results/${base}`,
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // Two workers and five shops share two cores: a test that takes 20 s alone took over 30 s beside the others
  // in CI (ADR 28's sessions), so the default leaves room; the heaviest tests set their own.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: SHOPS.main,
    // A browser language without a region: the shop would otherwise take en-US's for the visitor's country and
    // offer the United States on every page (the country notice, ADR 0021; geo.spec.ts sets its own).
    locale: 'en',
    // Recorded on a test's retry only: recording every test (to keep the failures') cost a fifth of the run (ADR 68).
    trace: 'on-first-retry',
    // The shop registers a service worker (offline screen): tests that are not about it go to the network directly,
    // where page.route sees every request (tests/offline.spec.ts allows it).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    // The main shop keeps its mail in a local outbox, readable on the development mailbox page.
    // Its GTM_ID is an old Analytics id, not a tag manager's (SPEC §9): it has no tag manager and asks no consent.
    shop(PORTS.main, { ...ONE_CLIENT_FOR_ALL_TESTS, DATA_DIR: dataDir, DEV_MAILBOX: 'on', STOREFRONT_URL: SHOPS.main, ADMIN_TOKEN: E2E_ADMIN_TOKEN, GTM_ID: E2E_BAD_GTM_ID }),
    // The blue shop sits behind a trusted proxy (this machine): it believes X-Forwarded-For, and X-Country as the
    // CDN's word on the visitor's country (geo.spec.ts). It has a tag manager, so it asks for cookie consent
    // (tests/consent.spec.ts; page.route answers for Google, there is no internet).
    shop(PORTS.blue, { DATA_DIR: 'memory://', THEME: 'blue', TRUSTED_PROXIES: '127.0.0.1', COUNTRY_HEADER: 'X-Country', GTM_ID: E2E_GTM_ID }),
    shop(PORTS.maintenance, { ...ONE_CLIENT_FOR_ALL_TESTS, DATA_DIR: 'memory://', MAINTENANCE_MODE: 'on', SEED_DEMO: 'false' }),
    // Nothing listens on port 9: the storefront finds its API down.
    shop(PORTS.apiDown, { ...ONE_CLIENT_FOR_ALL_TESTS, SHOP_API_URL: 'http://127.0.0.1:9' }),
    // The phone checkout's shop (tests/checkout-phone.spec.ts), set up as the main one: its fifteen purchases of the
    // first women's product in stock and five registrations from one address (20 an hour, ADR 10) would use up the
    // main shop's stock and registrations that other specs count on.
    shop(PORTS.phone, { ...ONE_CLIENT_FOR_ALL_TESTS, DATA_DIR: 'memory://', DEV_MAILBOX: 'on', STOREFRONT_URL: SHOPS.phone, GTM_ID: E2E_BAD_GTM_ID }),
  ],
});

import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { E2E_ADMIN_TOKEN, shopPorts } from '../playwright.config';
import { SHOPS } from './fixtures';

/** The main shop's back office, its staff and their authenticator codes, as the back-office journeys use them. */
const ports = shopPorts(Number(new URL(SHOPS.main).port));
export const BACK_OFFICE = `http://127.0.0.1:${ports.BACK_OFFICE_PORT}`;
export const PASSWORD = 'Tr4v3l!Blue#Kite';

/** `npm run staff:create` while the main shop runs (on its embedded database: through its API, with ADMIN_TOKEN). */
export async function staffCreate(email: string, role: string): Promise<string> {
  const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'staff:create', '--', email, role], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    env: { ...process.env, ADMIN_TOKEN: E2E_ADMIN_TOKEN, SHOP_API_PORT: ports.SHOP_API_PORT },
  });
  const link = /https?:\/\/\S+\/setup\?token=[A-Za-z0-9_-]{43}/.exec(stdout)?.[0];
  expect(link, stdout).toBeTruthy();
  // The link names the back office as the API knows it (localhost); the test's browser uses 127.0.0.1 throughout.
  const url = new URL(link!);
  return `${BACK_OFFICE}${url.pathname}${url.search}`;
}

/** A code of the authenticator `steps` periods of 30 s from now (the API takes the step before and after too). */
export const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

export async function shots(page: Page, name: string) {
  const folder = process.env.BACK_OFFICE_SCREENSHOTS;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name} at ${width} px`).toBeLessThanOrEqual(0);
    if (folder) {
      mkdirSync(folder, { recursive: true });
      await page.screenshot({ path: `${folder}/${name}-${width}.png`, fullPage: true });
    }
  }
}

/** The main shop's API, as the back-office journeys call it directly (set-up links, orders made to page through). */
export const API = `http://127.0.0.1:${ports.SHOP_API_PORT}`;

/**
 * A staff member of the role, set up through the API with their link (the owner's journey does it on the page) and
 * signed in on the back office by its pages: the page lands on the dashboard. The link is asked of the API as
 * `npm run staff:create` asks it while the shop runs (back-office.spec.ts runs the command itself): a process of the
 * command per member cost every back-office journey seconds of CPU.
 */
export async function signedInStaff(page: Page, role: string): Promise<string> {
  const email = `${role}.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.com`;
  const created = await page.request.post(`${API}/admin/scripts/staff-setup-links`, { headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` }, data: { email, role } });
  expect(created.status()).toBe(200);
  const token = new URL((await created.json()).psdata.url as string).searchParams.get('token');
  const setup = await page.request.post(`${API}/admin/getStaffSetup`, { data: { token } });
  const secret = (await setup.json()).psdata.totp_secret as string;
  expect((await page.request.post(`${API}/admin/completeStaffSetup`, { data: { token, password: PASSWORD, code: await codeAt(secret) } })).status()).toBe(200);
  await page.goto(`${BACK_OFFICE}/sign-in`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Code').fill(await codeAt(secret, 1));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  return email;
}

/** A staff member of `role` signed in on a page of their own (a browser context with `options`). */
export async function staffPage(browser: Browser, role: string, options: BrowserContextOptions = {}): Promise<Page> {
  const page = await (await browser.newContext(options)).newPage();
  await signedInStaff(page, role);
  return page;
}

import { expect, test, type Page } from '@playwright/test';
import {
  confirmRegistration,
  expectFlash,
  expectNoAxeViolations,
  followMailedLink,
  registerCustomer,
  sendRegistration,
  TEXTS,
  type TestLang,
} from './fixtures';

// Registration hashes passwords and estimates their strength: give these flows time on a busy machine.
test.describe.configure({ timeout: 60_000 });

const STRONG_PASSWORD = 'Linen-Sunset-4821';
const OTHER_STRONG_PASSWORD = 'Velvet-Harbour-9377';
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** A new customer through the form and the mailed link, signed in on the account screen. */
async function register(page: Page, lang: TestLang, email: string, firstName = 'Chiara', javaScript = true) {
  await registerCustomer(page, lang, { email, password: STRONG_PASSWORD, firstName }, { javaScript });
}

async function login(page: Page, lang: TestLang, email: string, password: string) {
  const t = TEXTS[lang];
  await page.getByLabel(t.auth.email).fill(email);
  await page.getByLabel(t.auth.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: t.auth.signIn }).click();
}

async function logout(page: Page, lang: TestLang) {
  await page.getByRole('button', { name: TEXTS[lang].account.logout }).click();
  await expectFlash(page, TEXTS[lang].flash.logout);
}

test('a shopper registers, signs out, fails and then succeeds to sign in, and is brought back', async ({ page }) => {
  const t = TEXTS.en;
  const email = uniqueEmail('register');
  await register(page, 'en', email);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.account.hello.replace('{{name}}', 'Chiara'));
  await logout(page, 'en');

  await page.goto('/en/my-account/orders');
  await expect(page).toHaveURL(/\/en\/auth\/login\?redirectTo=%2Fen%2Fmy-account%2Forders$/);
  await login(page, 'en', email, 'Wrong-Password-1');
  await expect(page.getByRole('alert')).toHaveText(TEXTS.en.messages.authenticationFailed);
  await login(page, 'en', email, STRONG_PASSWORD);
  await expect(page).toHaveURL('/en/my-account/orders');
  await expect(page.getByText(t.account.noOrders)).toBeVisible();
});

test('registering a known address shows exactly the screen of a new one, and mails its owner instead', async ({ page }) => {
  const t = TEXTS.de;
  const known = uniqueEmail('known');
  await register(page, 'de', known, 'Lena');
  await logout(page, 'de');

  await sendRegistration(page, 'de', { email: known, password: OTHER_STRONG_PASSWORD, firstName: 'Eve' });
  const knownScreen = { url: page.url(), text: await page.getByRole('main').innerText() };
  const fresh = uniqueEmail('fresh');
  await sendRegistration(page, 'de', { email: fresh, password: OTHER_STRONG_PASSWORD, firstName: 'Eve' });
  expect({ url: page.url(), text: await page.getByRole('main').innerText() }).toEqual(knownScreen);

  // The owner learns of it, with the ways back into the account; the account itself has not changed.
  await followMailedLink(page, 'de', known, /\/de\/forgot-password$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.auth.forgotTitle);
  await page.goto('/de/auth/login');
  await login(page, 'de', known, STRONG_PASSWORD);
  await expect(page).toHaveURL('/de/my-account');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.account.hello.replace('{{name}}', 'Lena'));
});

test('a new shopper confirms the account from the mail and is signed in; the link works once, in Spanish', async ({ page }) => {
  const t = TEXTS.es;
  const email = uniqueEmail('confirm');
  await sendRegistration(page, 'es', { email, password: STRONG_PASSWORD, firstName: 'Lucía' });
  await expectNoAxeViolations(page);
  // Not an account before the link is followed.
  await page.goto('/es/auth/login');
  await login(page, 'es', email, STRONG_PASSWORD);
  await expect(page.getByRole('alert')).toHaveText(t.messages.authenticationFailed);

  await confirmRegistration(page, 'es', email);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.account.hello.replace('{{name}}', 'Lucía'));
  await logout(page, 'es');
  await followMailedLink(page, 'es', email, /confirm-account\?token=/);
  await page.getByRole('button', { name: t.auth.confirmAccount }).click();
  await expect(page.getByRole('alert')).toHaveText(t.auth.confirmLinkInvalid);
  await expectNoAxeViolations(page);
});

test('the registration form explains what is missing before it is sent', async ({ page }) => {
  const t = TEXTS.fr;
  await page.goto('/fr/auth/register');
  await page.getByRole('button', { name: t.auth.createAccount }).click();
  await expect(page.getByRole('alert')).toHaveText(t.validation.formIncomplete);
  await expect(page.getByText(t.validation.required.replace('{{name}}', t.auth.firstName))).toBeVisible();
  // It speaks of 'the fields marked above': it is below them.
  const alertTop = (await page.getByRole('alert').boundingBox())!.y;
  expect(alertTop).toBeGreaterThan((await page.getByLabel(t.auth.confirmPassword).boundingBox())!.y);

  // Messages appear when a field is left, and the strength meter judges the password.
  await page.getByLabel(t.auth.password, { exact: true }).fill('abc');
  await page.getByLabel(t.auth.confirmPassword).focus();
  await expect(page.getByText(t.validation.passwordTooShort.replace('{{min}}', '8'))).toBeVisible();
  await expect(page.getByText(t.auth.strengthLabel.replace('{{strength}}', t.auth.strength.very_weak))).toBeVisible();
  await page.getByLabel(t.auth.password, { exact: true }).fill(STRONG_PASSWORD);
  // The password can be shown while it is typed, and hidden again.
  const show = page.getByRole('button', { name: t.forms.showPassword }).first();
  await show.click();
  await expect(show).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel(t.auth.password, { exact: true })).toHaveAttribute('type', 'text');
  await show.click();
  await expect(page.getByLabel(t.auth.password, { exact: true })).toHaveAttribute('type', 'password');
  await page.getByLabel(t.auth.confirmPassword).fill('Something-Else-1');
  await page.getByLabel(t.auth.email).focus();
  await expect(page.getByText(t.validation.passwordsDoNotMatch)).toBeVisible();
});

test('a customer saves newsletter preferences, kept after a reload', async ({ page }) => {
  const t = TEXTS.en;
  await register(page, 'en', uniqueEmail('newsletter'));
  const section = page.getByRole('region', { name: t.account.newsletterTitle });
  // The topics show once the newsletter is ticked.
  await expect(section.getByLabel(t.auth.interests.kids)).toBeHidden();
  await section.getByLabel(t.auth.newsletter).check();
  await section.getByLabel(t.auth.interests.kids).check();
  await section.getByLabel(t.auth.interests.offers).check();
  await section.getByRole('button', { name: t.account.saveNewsletter }).click();
  await expectFlash(page, t.flash.newsletterSaved);
  await page.reload();
  await expect(section.getByLabel(t.auth.newsletter)).toBeChecked();
  await expect(section.getByLabel(t.auth.interests.kids)).toBeChecked();
  await expect(section.getByLabel(t.auth.interests.offers)).toBeChecked();
  await expect(section.getByLabel(t.auth.interests.men, { exact: true })).not.toBeChecked();
});

test('repeated wrong passwords are stopped with a translated message', async ({ page }) => {
  const t = TEXTS.it;
  const email = uniqueEmail('limited');
  await register(page, 'it', email);
  await logout(page, 'it');
  await page.goto('/it/auth/login');
  for (let attempt = 0; attempt < 5; attempt++) {
    await login(page, 'it', email, `Wrong-Password-${attempt}`);
    await expect(page.getByRole('alert')).toHaveText(t.messages.authenticationFailed);
  }
  // Even the right password is refused while the limit holds.
  await login(page, 'it', email, STRONG_PASSWORD);
  await expect(page.getByRole('alert')).toHaveText(t.auth.tooManyAttempts);
  await expect(page).toHaveURL(/\/it\/auth\/login/);
});

test('a customer changes the password and signs in with the new one', async ({ page }) => {
  const t = TEXTS.fr;
  const email = uniqueEmail('change');
  await register(page, 'fr', email);
  const section = page.getByRole('region', { name: t.account.passwordChange });
  await section.getByLabel(t.auth.currentPassword).fill(STRONG_PASSWORD);
  await section.getByLabel(t.auth.newPassword, { exact: true }).fill(OTHER_STRONG_PASSWORD);
  await section.getByLabel(t.auth.confirmPassword).fill(OTHER_STRONG_PASSWORD);
  await section.getByRole('button', { name: t.account.savePasswordChange }).click();
  await expectFlash(page, t.flash.passwordChanged);
  await logout(page, 'fr');
  await page.goto('/fr/auth/login');
  await login(page, 'fr', email, OTHER_STRONG_PASSWORD);
  await expect(page).toHaveURL('/fr/my-account');
});

test('a customer resets a forgotten password through the emailed link', async ({ page }) => {
  const t = TEXTS.it;
  const email = uniqueEmail('reset');
  await register(page, 'it', email);
  await logout(page, 'it');

  await page.goto('/it/forgot-password');
  await page.getByLabel(t.auth.email).fill(email);
  await page.getByRole('button', { name: t.auth.sendResetLink }).click();
  await expectFlash(page, t.flash.passwordResetEmailSent);

  await followMailedLink(page, 'it', email, /set-new-password\?token=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.auth.setNewTitle);
  await page.getByLabel(t.auth.newPassword, { exact: true }).fill(OTHER_STRONG_PASSWORD);
  await page.getByLabel(t.auth.confirmPassword).fill(OTHER_STRONG_PASSWORD);
  await page.getByRole('button', { name: t.auth.savePassword }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.auth.resetSuccessTitle);

  await page.goto('/it/auth/login');
  await login(page, 'it', email, OTHER_STRONG_PASSWORD);
  await expect(page).toHaveURL('/it/my-account');
});

test('an unknown address gets the same neutral answer', async ({ page }) => {
  await page.goto('/es/forgot-password');
  await page.getByLabel(TEXTS.es.auth.email).fill(uniqueEmail('nobody'));
  await page.getByRole('button', { name: TEXTS.es.auth.sendResetLink }).click();
  await expectFlash(page, TEXTS.es.flash.passwordResetEmailSent);
});

test('a customer adds, edits and deletes an address', async ({ page }) => {
  const t = TEXTS.de;
  await register(page, 'de', uniqueEmail('address'));
  await page.goto('/de/my-account/addresses');
  await expect(page.getByText(t.account.noAddresses)).toBeVisible();
  const fields = t.account.addressFields;
  await page.getByLabel(fields.alias, { exact: true }).fill('Zuhause');
  await page.getByLabel(t.auth.firstName, { exact: true }).fill('Chiara');
  await page.getByLabel(t.auth.lastName, { exact: true }).fill('Bianchi');
  await page.getByLabel(fields.address1, { exact: true }).fill('Via Roma 12');
  await page.getByLabel(fields.country, { exact: true }).selectOption('IT');
  await page.getByLabel(fields.state, { exact: true }).selectOption({ label: 'Milano' });
  await page.getByLabel(fields.postcode, { exact: true }).fill('ABC');
  await page.getByLabel(fields.city, { exact: true }).fill('Milano');
  await expect(page.getByText(t.validation.postcode)).toBeVisible();
  await page.getByLabel(fields.postcode, { exact: true }).fill('20121');
  await page.getByRole('button', { name: t.account.saveAddress }).click();
  await expectFlash(page, t.flash.addressSaved);
  const card = page.getByRole('listitem').filter({ hasText: 'Zuhause' });
  await expect(card).toContainText('Via Roma 12');
  await expect(card).toContainText(t.account.defaultAddress);

  await card.getByRole('link', { name: `${t.account.edit}: Zuhause` }).click();
  await page.getByLabel(fields.address1, { exact: true }).fill('Corso Como 5');
  await page.getByRole('button', { name: t.account.saveAddress }).click();
  await expectFlash(page, t.flash.addressChanged);
  await expect(card).toContainText('Corso Como 5');

  // A second address, then made the default one.
  await page.goto('/de/my-account/addresses?new');
  await page.getByLabel(fields.alias, { exact: true }).fill('Büro');
  await page.getByLabel(t.auth.firstName, { exact: true }).fill('Chiara');
  await page.getByLabel(t.auth.lastName, { exact: true }).fill('Bianchi');
  await page.getByLabel(fields.address1, { exact: true }).fill('Via Torino 3');
  await page.getByLabel(fields.country, { exact: true }).selectOption('IT');
  await page.getByLabel(fields.state, { exact: true }).selectOption('MI');
  await page.getByLabel(fields.postcode, { exact: true }).fill('20123');
  await page.getByLabel(fields.city, { exact: true }).fill('Milano');
  await page.getByRole('button', { name: t.account.saveAddress }).click();
  await expectFlash(page, t.flash.addressSaved);
  const office = page.getByRole('listitem').filter({ hasText: 'Büro' });
  await expect(office).not.toContainText(t.account.defaultAddress);
  await office.getByRole('button', { name: `${t.account.makeDefault}: Büro` }).click();
  await expectFlash(page, t.flash.customerAddressUpdated);
  await expect(office).toContainText(t.account.defaultAddress);
  await expect(card).not.toContainText(t.account.defaultAddress);
  await office.getByRole('link', { name: `${t.account.delete}: Büro` }).click();
  await office.getByRole('button', { name: t.account.confirmDelete }).click();
  await expectFlash(page, t.flash.addressDeleted);

  await card.getByRole('link', { name: `${t.account.delete}: Zuhause` }).click();
  await expect(card.getByRole('alert')).toContainText('Zuhause');
  await card.getByRole('button', { name: t.account.confirmDelete }).click();
  await expectFlash(page, t.flash.addressDeleted);
  await expect(page.getByText(t.account.noAddresses)).toBeVisible();
});

test('the demo customer sees the order history and an order’s details', async ({ page }) => {
  const t = TEXTS.es;
  await page.goto('/es/auth/login');
  await login(page, 'es', 'demo@example.com', 'Demo-Passw0rd!');
  await expect(page).toHaveURL('/es/my-account');
  await page.goto('/es/my-account/orders');
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(4);
  await rows.nth(1).getByRole('link').click();
  await expect(page).toHaveURL(/\?order=DEMO/);
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toContainText(/DEMO/);
  await expect(page.getByText(t.account.taxIncluded)).toBeVisible();
  const items = page.getByRole('region', { name: t.account.orderItems }).getByRole('listitem');
  await expect(items.first()).toBeVisible();
  await expect(items.first().locator('img')).toHaveAttribute('src', /\/media\//);
  // How it travels, and the parcel to follow once shipped.
  await expect(page.getByText(t.checkout.review.carrier, { exact: true })).toBeVisible();
});

test('the demo customer’s delivered order shows its return', async ({ page }) => {
  const t = TEXTS.en;
  await page.goto('/en/auth/login');
  await login(page, 'en', 'demo@example.com', 'Demo-Passw0rd!');
  await expect(page).toHaveURL('/en/my-account');
  await page.goto('/en/my-account/orders?order=DEMO000001');
  await expect(page.getByText(t.account.status.delivered).first()).toBeVisible();
  await expect(page.getByText(t.checkout.orderDetails.tracking.replace('{{number}}', 'AM0001IT'))).toBeVisible();
  await expect(page.getByRole('region', { name: t.account.returns }).getByText('RET000001')).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('registering and confirming the account work with plain forms', async ({ page }) => {
    await register(page, 'fr', uniqueEmail('plain'), 'Camille', false);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXTS.fr.account.hello.replace('{{name}}', 'Camille'));
  });

  test('signing in and saving an address work with plain forms', async ({ page }) => {
    const t = TEXTS.en;
    await page.goto('/en/auth/login');
    await page.getByRole('button', { name: t.auth.signIn }).click();
    await expect(page.getByText(t.validation.required.replace('{{name}}', t.auth.email))).toBeVisible();
    await login(page, 'en', 'demo@example.com', 'Demo-Passw0rd!');
    await expect(page).toHaveURL('/en/my-account');
    await page.goto('/en/my-account/addresses?new');
    const fields = t.account.addressFields;
    await page.getByLabel(fields.alias, { exact: true }).fill(`Office ${Date.now()}`);
    await page.getByLabel(t.auth.firstName, { exact: true }).fill('Giulia');
    await page.getByLabel(t.auth.lastName, { exact: true }).fill('Rossi');
    await page.getByLabel(fields.address1, { exact: true }).fill('Rue de Rivoli 1');
    await page.getByLabel(fields.country, { exact: true }).selectOption('FR');
    await page.getByLabel(fields.postcode, { exact: true }).fill('75001');
    await page.getByLabel(fields.city, { exact: true }).fill('Paris');
    await page.getByRole('button', { name: t.account.saveAddress }).click();
    await expectFlash(page, t.flash.addressSaved);
  });
});

test.describe('accessibility of the account screens', () => {
  for (const path of [
    '/en/auth/login',
    '/fr/auth/register',
    '/it/forgot-password',
    '/de/auth/set-new-password?token=x',
    '/es/auth/reset-password-success',
    '/it/auth/confirm-account?token=x',
  ]) {
    test(`axe finds nothing on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expectNoAxeViolations(page);
    });
  }

  test('axe finds nothing on the signed-in screens', async ({ page }) => {
    await page.goto('/en/auth/login');
    await login(page, 'en', 'demo@example.com', 'Demo-Passw0rd!');
    await expect(page).toHaveURL('/en/my-account');
    for (const path of ['/en/my-account', '/en/my-account/addresses?new', '/en/my-account/orders', '/en/my-account/orders?order=DEMO000001']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
    }
  });
});

import { expect, test } from '@playwright/test';
import { BACK_OFFICE, codeAt, PASSWORD, shots, signedInStaff } from './back-office-fixtures';
import { expectNoAxeViolations, hydrated, SHOPS } from './fixtures';

test('an owner invites a member by mail, sees them set up with two-step sign-in, changes their role and disables them', async ({ page, browser }) => {
  // Two staff set-ups (argon2 each), the mailbox, axe and screenshots on a busy machine.
  test.setTimeout(120_000);
  await signedInStaff(page, 'owner');
  await page.getByRole('link', { name: 'Staff', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
  await expectNoAxeViolations(page);

  // The invitation: without a role the form says what is missing; then the mail goes out, in Italian.
  const invitee = `invited.${Date.now()}@example.com`;
  await hydrated(page);
  const invite = page.getByRole('region', { name: 'Invite someone' });
  await invite.getByLabel('Email', { exact: true }).fill(invitee);
  await invite.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(invite.getByText('Choose a role.')).toBeVisible();
  await invite.getByLabel('Role', { exact: true }).selectOption('fulfilment');
  await invite.getByLabel('Language of the email').selectOption('it');
  await invite.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(page.getByRole('status')).toHaveText(`The invitation was sent to ${invitee}.`);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: invitee }) });
  await expect(card).toContainText('Not set up yet (invitation not used)');
  await expect(card).toContainText('Never');

  // The invitee follows the mailed link (the mailbox is the main shop's), sets a password and the authenticator.
  const mailbox = await (await browser.newContext({ baseURL: SHOPS.main })).newPage();
  const mailLink = mailbox.getByRole('listitem').filter({ hasText: invitee }).getByRole('link', { name: /\/setup\?token=/ }).first();
  await expect(async () => {
    await mailbox.goto('/en/dev/mailbox');
    await expect(mailLink).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(mailbox.getByRole('listitem').filter({ hasText: invitee }).first()).toContainText('Sei invitato nel back office');
  const link = new URL((await mailLink.getAttribute('href'))!);
  await mailbox.goto(`${BACK_OFFICE}${link.pathname}${link.search}`);
  const secret = (await mailbox.getByTestId('totp-secret').textContent())!.trim();
  await mailbox.getByLabel('New password').fill(PASSWORD);
  await mailbox.getByLabel('Code from the app').fill(await codeAt(secret));
  await mailbox.getByRole('button', { name: 'Finish set-up' }).click();
  await expect(mailbox.getByRole('heading', { name: 'Your account is ready' })).toBeVisible();
  await mailbox.context().close();

  await page.reload();
  await expect(card).toContainText('Two-step sign-in');
  await expect(card.getByRole('definition').nth(1)).toHaveText('On');
  await card.getByLabel('New role').selectOption('customer_service');
  await card.getByRole('button', { name: 'Change role' }).click();
  await expect(page.getByRole('status')).toHaveText(`The role of ${invitee} was changed.`);
  await expect(card.getByRole('definition').first()).toHaveText('customer service');

  // Disabling asks for the tick first.
  await card.getByRole('button', { name: 'Disable' }).click();
  await expect(card.getByText('Tick the box to confirm.')).toBeVisible();
  await card.getByRole('checkbox', { name: 'Yes, disable this account' }).check();
  await card.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByRole('status')).toHaveText(`${invitee} is disabled and signed out everywhere.`);
  await expect(card.getByRole('button', { name: 'Enable again' })).toBeVisible();
  await expect(card.getByLabel('New role')).toHaveValue('customer_service');
  await expectNoAxeViolations(page);
  await shots(page, 'staff');

  // Without JavaScript the forms are plain posts: a bad address is told on its field, enabling again works.
  const plain = await browser.newContext({ javaScriptEnabled: false });
  try {
    await plain.addCookies(await page.context().cookies());
    const noScripts = await plain.newPage();
    await noScripts.goto(`${BACK_OFFICE}/staff`);
    const form = noScripts.getByRole('region', { name: 'Invite someone' });
    await form.getByLabel('Email', { exact: true }).fill('not-an-address');
    await form.getByLabel('Role', { exact: true }).selectOption('manager');
    await form.getByRole('button', { name: 'Send the invitation' }).click();
    await expect(form.getByText('Enter a valid email address.')).toBeVisible();
    const plainCard = noScripts.getByRole('listitem').filter({ has: noScripts.getByRole('heading', { name: invitee }) });
    await plainCard.getByRole('button', { name: 'Enable again' }).click();
    await expect(noScripts.getByRole('status')).toHaveText(`${invitee} can sign in again.`);
  } finally {
    await plain.close();
  }
});

test('the staff page is the owners’: a manager has no link to it and is refused it', async ({ page }) => {
  test.setTimeout(60_000);
  await signedInStaff(page, 'manager');
  await expect(page.getByRole('link', { name: 'Staff', exact: true })).toHaveCount(0);
  expect((await page.goto(`${BACK_OFFICE}/staff`))!.status()).toBe(403);
});

test('a member changes their own password: the current one first, then a new one; their other sessions end', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const email = await signedInStaff(page, 'fulfilment');
  await page.getByRole('link', { name: 'Your password' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your password' })).toBeVisible();
  await hydrated(page);
  await expectNoAxeViolations(page);
  // A wrong current password is said on its field; nothing changes.
  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByLabel('New password').fill(`${PASSWORD}-new`);
  await page.getByRole('button', { name: 'Change my password' }).click();
  await expect(page.getByText('Your current password is not right.')).toBeVisible();
  await expectNoAxeViolations(page);
  await shots(page, 'own-password');

  // Without JavaScript it is a plain post; the new password is taken and the page says the other sessions ended.
  const plain = await browser.newContext({ javaScriptEnabled: false });
  try {
    await plain.addCookies(await page.context().cookies());
    const noScripts = await plain.newPage();
    await noScripts.goto(`${BACK_OFFICE}/account/password`);
    await noScripts.getByLabel('Current password').fill(PASSWORD);
    await noScripts.getByLabel('New password').fill(`${PASSWORD}-new`);
    await noScripts.getByRole('button', { name: 'Change my password' }).click();
    await expect(noScripts.getByRole('status')).toHaveText('Your password is changed; your other sessions are ended.');
  } finally {
    await plain.close();
  }
  // The session that made the change goes on; signing in takes the new password only.
  await page.goto(`${BACK_OFFICE}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  const other = await (await browser.newContext()).newPage();
  await other.goto(`${BACK_OFFICE}/sign-in`);
  await other.getByLabel('Email').fill(email);
  await other.getByLabel('Password').fill(PASSWORD);
  await other.getByRole('button', { name: 'Continue' }).click();
  await expect(other.getByText('The email, password or code is not right.')).toBeVisible();
  await other.context().close();
});

import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations, hydrated, registerCustomer, TEXTS, type TestLang } from './fixtures';

// Registration hashes a password: give the sign-in flow time on a busy machine.
test.describe.configure({ timeout: 60_000 });

const PASSWORD = 'Linen-Sunset-4821';
const uniqueEmail = () => `wishlist-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** A text with its placeholders filled in. */
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

/** The first category of the main menu (women), as a shopper opens it. */
async function openCategory(page: Page, lang: TestLang) {
  await page.goto(`/${lang}`);
  await page.getByRole('navigation', { name: TEXTS[lang].header.mainMenu }).getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/3-[a-z-]+$`));
}


const cards = (page: Page, lang: TestLang) => page.getByRole('list', { name: TEXTS[lang].catalog.products }).getByRole('article');

const nameOf = async (card: Locator) => (await card.getByRole('heading').textContent())!.trim();

/** A product's heart, by the name it gives itself. */
const heart = (scope: Page | Locator, lang: TestLang, name: string) => scope.getByRole('button', { name: fill(TEXTS[lang].wishlist.toggle, { name }) });

/** The header's wishlist link, whose name tells how many products are saved. */
function wishlistLink(page: Page, lang: TestLang, count: number) {
  const t = TEXTS[lang].wishlist;
  const name = count === 0 ? t.header : fill(count === 1 ? t.headerWithCount_one : t.headerWithCount_other, { count });
  return page.getByRole('navigation', { name: TEXTS[lang].header.account }).getByRole('link', { name, exact: true });
}

/** A saved product on the wishlist page. */
const savedProduct = (page: Page, lang: TestLang, name: string) =>
  page.getByRole('list', { name: TEXTS[lang].wishlist.list }).getByRole('article', { name, exact: true });

/** The one-time message of the page (other live regions may be empty). */
async function expectFlash(page: Page, text: string) {
  await expect(page.getByRole('status').filter({ hasText: text })).toBeVisible();
}

test('a shopper saves products from a listing and a product page, moves one to the cart and removes the other', async ({ page }) => {
  const t = TEXTS.en;
  await openCategory(page, 'en');
  await hydrated(page);
  const card = cards(page, 'en').first();
  const fromCard = await nameOf(card);
  await expect(heart(card, 'en', fromCard)).toHaveAttribute('aria-pressed', 'false');
  await heart(card, 'en', fromCard).click();
  // Saved in place: the heart is pressed, the change announced and counted in the header.
  await expect(heart(card, 'en', fromCard)).toHaveAttribute('aria-pressed', 'true');
  await expect(card.getByRole('status')).toHaveText(fill(t.wishlist.added, { name: fromCard }));
  await expect(wishlistLink(page, 'en', 1)).toBeVisible();

  // On a product page, with a size in stock chosen; the heart works from the keyboard.
  const other = cards(page, 'en').nth(1);
  const fromPage = await nameOf(other);
  await other.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(fromPage);
  // No size is chosen for the shopper: the first one in stock is picked.
  const sizes = page.locator('#size-choice');
  const size = sizes.getByRole('link', { name: /^[^()]+$/ }).and(page.locator(':not([aria-current])')).first();
  const sizeName = (await size.textContent())!.trim();
  await size.click();
  await expect(sizes).toHaveAccessibleName(`Size: ${sizeName}`);
  await heart(page, 'en', fromPage).focus();
  await page.keyboard.press('Enter');
  await expect(heart(page, 'en', fromPage)).toHaveAttribute('aria-pressed', 'true');
  await expect(wishlistLink(page, 'en', 2)).toBeVisible();

  await wishlistLink(page, 'en', 2).click();
  await expect(page).toHaveURL('/en/wishlist');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.wishlist.title);
  await expect(page.getByRole('list', { name: t.wishlist.list }).getByRole('article')).toHaveCount(2);
  const chosen = savedProduct(page, 'en', fromPage);
  await expect(chosen).toContainText(fill(t.wishlist.savedChoice, { attributes: sizeName }));
  // Saved from a card without a size: the size is chosen on the product page.
  const unsized = savedProduct(page, 'en', fromCard);
  await expect(unsized.getByRole('link', { name: t.wishlist.chooseSize })).toBeVisible();

  await chosen.getByRole('button', { name: t.wishlist.moveToCart }).click();
  await expectFlash(page, t.wishlist.flash.movedToCart);
  await expect(chosen).toHaveCount(0);
  await expect(wishlistLink(page, 'en', 1)).toBeVisible();
  await page.goto('/en/cart');
  await expect(page.getByRole('main').getByText(fromPage).first()).toBeVisible();

  await page.goto('/en/wishlist');
  await unsized.getByRole('button', { name: t.wishlist.remove }).click();
  await expectFlash(page, t.wishlist.flash.removed);
  await expect(page.getByText(t.wishlist.empty)).toBeVisible();
  await expect(wishlistLink(page, 'en', 0)).toBeVisible();
});

test('a guest’s saved products move to their account at sign-in, in French', async ({ page }) => {
  const t = TEXTS.fr;
  const email = uniqueEmail();
  // A customer with an account, signed out.
  await registerCustomer(page, 'fr', { email, password: PASSWORD, firstName: 'Camille', lastName: 'Martin' });
  await page.getByRole('button', { name: t.account.logout }).click();
  await expectFlash(page, t.flash.logout);

  await openCategory(page, 'fr');
  await hydrated(page);
  const card = cards(page, 'fr').nth(2);
  const name = await nameOf(card);
  await heart(card, 'fr', name).click();
  await expect(wishlistLink(page, 'fr', 1)).toBeVisible();

  await wishlistLink(page, 'fr', 1).click();
  await expect(savedProduct(page, 'fr', name)).toBeVisible();
  await page.getByRole('link', { name: t.wishlist.signIn, exact: true }).click();
  await page.getByLabel(t.auth.email).fill(email);
  await page.getByLabel(t.auth.password, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: t.auth.signIn }).click();
  await expect(page).toHaveURL('/fr/wishlist');
  await expect(savedProduct(page, 'fr', name)).toBeVisible();
  await expect(wishlistLink(page, 'fr', 1)).toBeVisible();
  // Signed in, the wishlist is the account's: no invitation to sign in.
  await expect(page.getByText(t.wishlist.signInHint)).toHaveCount(0);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a shopper saves a product, finds it on the wishlist and removes it, in Spanish', async ({ page }) => {
    const t = TEXTS.es;
    await openCategory(page, 'es');
    const listing = page.url();
    const card = cards(page, 'es').first();
    const name = await nameOf(card);
    await heart(card, 'es', name).click();
    // The form post comes back to the listing with a message.
    await expect(page).toHaveURL(listing);
    await expectFlash(page, t.wishlist.flash.added);
    await expect(heart(card, 'es', name)).toHaveAttribute('aria-pressed', 'true');

    await wishlistLink(page, 'es', 1).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.wishlist.title);
    await savedProduct(page, 'es', name).getByRole('button', { name: t.wishlist.remove }).click();
    await expectFlash(page, t.wishlist.flash.removed);
    await expect(page.getByText(t.wishlist.empty)).toBeVisible();
  });
});

test.describe('accessibility', () => {
  test('the empty wishlist, a listing with a saved product and the filled wishlist', async ({ page }) => {
    const t = TEXTS.en;
    await page.goto('/en/wishlist');
    await expect(page.getByText(t.wishlist.empty)).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expectNoAxeViolations(page);

    await openCategory(page, 'en');
    await hydrated(page);
    const card = cards(page, 'en').nth(3);
    const name = await nameOf(card);
    await heart(card, 'en', name).click();
    await expect(heart(card, 'en', name)).toHaveAttribute('aria-pressed', 'true');
    await expectNoAxeViolations(page);

    await wishlistLink(page, 'en', 1).click();
    await expect(savedProduct(page, 'en', name)).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

import { expect, test, type Page } from '@playwright/test';
import { BACK_OFFICE, shots, staffPage } from './back-office-fixtures';
import { chooseCarrier, continueAsGuest, detailsForm, fillAddress, fillCartAndCheckOut, main, uniqueEmail } from './checkout-journey';
import { cents, expectNoAxeViolations, hydrated, openSizedProduct, SHOPS, TEXTS } from './fixtures';

// Pages and shipping (issue 27; docs/adr/0048-shipping-and-pages-editor.md): a manager changes a carrier's rate
// and a shopper's cart shows it; a manager writes a content page, without JavaScript, and the shopper reads it.

/** The cart's shipping as the shopper reads it, in cents. */
async function cartShipping(page: Page): Promise<number> {
  await page.goto('/en/cart');
  const row = page.getByRole('term').filter({ hasText: TEXTS.en.cart.shipping }).locator('xpath=following-sibling::dd[1]');
  return cents(await row.textContent());
}

test('a manager changes a carrier’s rate and writes a content page; a shopper’s cart and the shop show them', async ({ page, browser }) => {
  test.setTimeout(420_000);
  const t = TEXTS.en;
  // The shopper ships to the United Kingdom (the rest of Europe's zone): standard delivery there is 14,90 €.
  await page.context().addCookies([{ name: 'country', value: 'GB', url: SHOPS.main }]);
  await openSizedProduct(page, 'en', '/en/3-women?availability=in_stock');
  await hydrated(page);
  await page.getByRole('button', { name: t.product.addToCart, exact: true }).click();
  await expect(page.getByRole('dialog', { name: t.cart.drawer.title })).toBeVisible({ timeout: 30_000 });
  expect(await cartShipping(page)).toBe(1490);

  const staff = await staffPage(browser, 'manager', { locale: 'en' });
  const rate = () => staff.getByRole('group', { name: 'Standard delivery: Rest of Europe' });
  const setRate = async (price: string) => {
    await rate().getByLabel('Price (VAT included)', { exact: true }).fill(price);
    await rate().getByRole('button', { name: 'Save the rate' }).click();
  };
  try {
    await staff.getByRole('link', { name: 'Delivery', exact: true }).click();
    await expect(staff.getByRole('heading', { level: 1, name: 'Delivery' })).toBeVisible();
    await hydrated(staff);
    // A negative price is refused on its field, in the staff member's language.
    await setRate('-3');
    await expect(rate().getByLabel('Price (VAT included)', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(rate()).toContainText('Enter a price such as 6.90: 0 or more, no negative price.');
    await setRate('15,75');
    await expect(staff.getByRole('status')).toHaveText('The rate is saved: the cart and the checkout show it now.');
    await expect(rate()).toContainText('€15.75');
    await expectNoAxeViolations(staff);
    await shots(staff, 'delivery');

    // The shopper's cart shows the new price at once.
    expect(await cartShipping(page)).toBe(1575);
  } finally {
    // The other journeys share this shop: its rate goes back as it was.
    await staff.goto(`${BACK_OFFICE}/delivery`);
    await setRate('14.90');
    await expect(staff.getByRole('status')).toHaveText('The rate is saved: the cart and the checkout show it now.');
  }
  expect(await cartShipping(page)).toBe(1490);

  // A new page, written without JavaScript, with a hostile line among its Markdown.
  const key = `care-${Date.now().toString(36)}`;
  const plainContext = await browser.newContext({ javaScriptEnabled: false, locale: 'en' });
  try {
    await plainContext.addCookies(await staff.context().cookies());
    const plain = await plainContext.newPage();
    await plain.goto(`${BACK_OFFICE}/pages`);
    await expect(plain.getByRole('listitem').filter({ hasText: 'Edit Delivery' })).toContainText('Complete in every language');
    const create = plain.getByRole('region', { name: 'New page or size chart' });
    await create.getByLabel('Key', { exact: true }).fill(key);
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(plain.getByRole('status')).toHaveText('Created: write its text in each language.');
    await expect(plain.getByRole('list').filter({ hasText: 'English: Missing' })).toBeVisible();
    const hostile = '<script>window.pwned = 1</script> <img src=x onerror="window.pwned = 2"> [trap](javascript:window.pwned=3)';
    await plain.getByLabel('Title', { exact: true }).fill('Caring for knitwear');
    // The shop's own cart address cannot be a page's: its field says so, and nothing is saved.
    await plain.getByLabel('Address', { exact: true }).fill('cart');
    await plain.getByLabel('Text', { exact: true }).fill('Wash cold.');
    await plain.getByRole('button', { name: 'Save the English text' }).click();
    await expect(plain.getByLabel('Address', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(plain.getByText('nor may a page of the shop (such as cart or search)')).toBeVisible();
    await expect(plain.getByRole('list').filter({ hasText: 'English: Missing' })).toBeVisible();
    // Letters outside a–z are refused too (ADR 59: the shop's addresses are ASCII), the ASCII spelling offered.
    await plain.getByLabel('Title', { exact: true }).fill('Caring for knitwear');
    await plain.getByLabel('Address', { exact: true }).fill(`${key}-été`);
    await plain.getByLabel('Text', { exact: true }).fill('Wash cold.');
    await plain.getByRole('button', { name: 'Save the English text' }).click();
    await expect(plain.getByLabel('Address', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(plain.getByText(`Enter letters a–z without accents, digits and -`)).toContainText(`Suggested: ${key}-ete`);
    await expect(plain.getByRole('list').filter({ hasText: 'English: Missing' })).toBeVisible();
    await plain.getByLabel('Title', { exact: true }).fill('Caring for knitwear');
    await plain.getByLabel('Address', { exact: true }).fill(key);
    await plain.getByLabel('Text', { exact: true }).fill(`## Washing\n\nWash **cold**, inside out.\n\n- Dry flat\n- No tumble dryer\n\nQuestions? Write to us. ${hostile}`);
    await plain.getByRole('button', { name: 'Save the English text' }).click();
    await expect(plain.getByRole('status')).toHaveText('Saved: the shop shows it now.');
    await expect(plain.getByRole('list').filter({ hasText: 'English: Complete' })).toContainText('French: Missing');
    // A second edit of the same text: the version read with the page is the one there, so it is taken.
    await plain.getByLabel('Title', { exact: true }).fill('Caring for your knitwear');
    await plain.getByRole('button', { name: 'Save the English text' }).click();
    await expect(plain.getByRole('status')).toHaveText('Saved: the shop shows it now.');
  } finally {
    await plainContext.close();
  }
  await staff.goto(`${BACK_OFFICE}/pages`);
  await staff.getByRole('link', { name: 'Edit Caring for your knitwear' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Edit Caring for your knitwear' })).toBeVisible();
  await expectNoAxeViolations(staff);
  await shots(staff, 'page-editor');

  // The shopper reads it: headings, lists and bold as written, the hostile line as harmless text.
  await page.goto(`/en/${key}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Caring for your knitwear' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Washing' })).toBeVisible();
  await expect(page.locator('article strong')).toHaveText('cold');
  await expect(page.locator('article li')).toHaveText(['Dry flat', 'No tumble dryer']);
  await expect(page.locator('article')).toContainText('trap');
  expect(await page.locator('article script, article img, article iframe, article a[href^="javascript"]').count()).toBe(0);
  expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 900 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
});

test('a manager sets a country’s VAT rate for children’s clothing without JavaScript; the page is axe clean on a phone (ADR 65)', async ({ browser }) => {
  test.setTimeout(240_000);
  const staff = await staffPage(browser, 'manager', { locale: 'en', viewport: { width: 390, height: 844 } });
  const plainContext = await browser.newContext({ javaScriptEnabled: false, locale: 'en' });
  await plainContext.addCookies(await staff.context().cookies());
  const plain = await plainContext.newPage();
  const ireland = (page: Page) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Ireland (IE)' }) });
  const field = (page: Page) => ireland(page).getByLabel('Children’s clothing and footwear (%)', { exact: true });
  const save = async (typed: string) => {
    await field(plain).fill(typed);
    await ireland(plain).getByRole('button', { name: 'Save IE' }).click();
  };
  try {
    await plain.goto(`${BACK_OFFICE}/tax-rates`);
    await expect(plain.getByRole('heading', { level: 1, name: 'VAT rates' })).toBeVisible();
    await expect(ireland(plain)).toContainText('Standard rate: 23%');
    await expect(field(plain)).toHaveValue('0');
    // More than 100 % is refused on its field, in the staff member's language.
    await save('123');
    await expect(field(plain)).toHaveAttribute('aria-invalid', 'true');
    await expect(ireland(plain)).toContainText('Enter a rate in percent from 0 to 100, such as 13.5, or leave it empty.');
    await save('13,5');
    await expect(plain.getByRole('status')).toHaveText('The rate is saved: the cart and the checkout use it now.');
    await expect(field(plain)).toHaveValue('13.5');

    await staff.getByRole('link', { name: 'VAT rates', exact: true }).click();
    await expect(field(staff)).toHaveValue('13.5');
    await expectNoAxeViolations(staff);
    await shots(staff, 'tax-rates');
  } finally {
    // The other journeys share this shop: Ireland's rate goes back as it was.
    await plain.goto(`${BACK_OFFICE}/tax-rates`);
    await save('0');
    await expect(plain.getByRole('status')).toHaveText('The rate is saved: the cart and the checkout use it now.');
    await plainContext.close();
  }
});

test('a manager opens a zone, moves Norway into it and gives a new carrier a rate there; a shopper in Norway is offered that carrier', async ({ page, browser }) => {
  test.setTimeout(360_000);
  const t = TEXTS.en;
  const staff = await staffPage(browser, 'manager', { locale: 'en' });
  const stamp = Date.now().toString(36);
  const zoneName = `Nordic ${stamp}`;
  const carrierName = `Bike courier ${stamp}`;
  await staff.goto(`${BACK_OFFICE}/delivery`);
  await hydrated(staff);

  // A new zone: a key another zone has (typed in lowercase) is refused on its field.
  const newZone = staff.getByRole('region', { name: 'New zone' });
  await newZone.getByLabel('Key', { exact: true }).fill('eu');
  await newZone.getByLabel('Name in English', { exact: true }).fill(zoneName);
  await newZone.getByRole('button', { name: 'Create the zone' }).click();
  await expect(newZone.getByLabel('Key', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(newZone).toContainText('Another zone has this key: choose another.');
  await newZone.getByLabel('Key', { exact: true }).fill(`n_${stamp}`);
  await newZone.getByLabel('Name in Italian', { exact: true }).fill(`Paesi nordici ${stamp}`);
  await newZone.getByRole('button', { name: 'Create the zone' }).click();
  await expect(staff.getByRole('status')).toHaveText('The zone is created: move countries into it and give the carriers a rate to it.');
  // The new-zone form is empty again, ready for the next one.
  await expect(newZone.getByLabel('Key', { exact: true })).toHaveValue('');
  await expect(newZone.getByLabel('Name in English', { exact: true })).toHaveValue('');
  const zoneSummary = staff.locator('summary').filter({ hasText: zoneName });
  await expect(zoneSummary).toHaveText(`${zoneName} (N_${stamp.toUpperCase()} · countries: 0)`);

  const norway = staff.getByRole('group', { name: 'Norway (NO)' });
  const notServed = `Shoppers here cannot check out: no carrier offered to shoppers has a rate to ${zoneName}.`;
  const moveNorway = async (zone: string) => {
    await norway.getByLabel('Zone', { exact: true }).selectOption({ label: zone });
    await norway.getByRole('button', { name: 'Save NO' }).click();
    await expect(staff.getByRole('status')).toHaveText('The country is saved.');
  };
  try {
    // Norway moved into the empty zone: its form says its shoppers cannot check out until a carrier has a rate there.
    await expect(norway).not.toContainText('Shoppers here cannot check out');
    await moveNorway(zoneName);
    await expect(zoneSummary).toHaveText(`${zoneName} (N_${stamp.toUpperCase()} · countries: 1)`);
    await expect(norway).toContainText(notServed);

    // A new carrier: a code another carrier has is refused on its field.
    const create = staff.getByRole('region', { name: 'New carrier' });
    await create.getByLabel('Code', { exact: true }).fill('standard');
    await create.getByLabel('Name in English', { exact: true }).fill(carrierName);
    await create.getByRole('button', { name: 'Create the carrier' }).click();
    await expect(create.getByLabel('Code', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(create).toContainText('Another carrier has this code: choose another.');
    await create.getByLabel('Code', { exact: true }).fill(`bike-${stamp}`);
    await create.getByRole('button', { name: 'Create the carrier' }).click();
    await expect(staff.getByRole('status')).toHaveText('The carrier is created: set its rates to the zones it delivers to.');
    await expect(create.getByLabel('Code', { exact: true })).toHaveValue('');
    const carrier = staff.getByRole('region', { name: `${carrierName} (To the door)` });
    // A rate to the new zone only: the other journeys' shoppers, in the other zones, are never offered it.
    const rate = carrier.getByRole('group', { name: `${carrierName}: ${zoneName}` });
    await expect(rate).toContainText('Does not deliver there: enter a price to add it.');
    await rate.getByLabel('Price (VAT included)', { exact: true }).fill('12,90');
    await rate.getByLabel('Fastest (working days)', { exact: true }).fill('1');
    await rate.getByLabel('Slowest (working days)', { exact: true }).fill('2');
    await rate.getByRole('button', { name: 'Save the rate' }).click();
    await expect(staff.getByRole('status')).toHaveText('The rate is saved: the cart and the checkout show it now.');
    await expect(rate).toContainText('€12.90');
    await expect(norway).not.toContainText('Shoppers here cannot check out');

    // Its names open on demand; renamed in German, the zone keeps its key and countries.
    await zoneSummary.click();
    const names = staff.getByRole('group', { name: `Names of ${zoneName}` });
    await names.getByLabel('Name in German', { exact: true }).fill(`Nordeuropa ${stamp}`);
    await names.getByRole('button', { name: `Save ${zoneName}` }).click();
    await expect(staff.getByRole('status')).toHaveText('The zone’s names are saved.');
    await expectNoAxeViolations(staff);
    await shots(staff, 'delivery-zones');

    // The shopper ships to Oslo: the new zone's one carrier is what the checkout offers, at its price.
    await fillCartAndCheckOut(page, 'en');
    await continueAsGuest(page, 'en', uniqueEmail('nordmann'));
    await fillAddress(page, 'en', { firstName: 'Ingrid', lastName: 'Hansen', address1: 'Karl Johans gate 20', postcode: '0159', city: 'Oslo', country: 'NO' });
    const offered = detailsForm(page).getByRole('group', { name: t.checkout.delivery.title }).getByRole('radio');
    await expect(offered).toHaveCount(1);
    await expect(offered.first()).toHaveAccessibleName(new RegExp(carrierName));
    await chooseCarrier(page, 'en', new RegExp(carrierName));
    await expect(page).toHaveURL('/en/checkout?step=payment');
    await expect(main(page)).toContainText(carrierName);
    await expect(main(page)).toContainText('€12.90');
    await expectNoAxeViolations(page);
  } finally {
    // The other journeys share this shop: Norway goes back to the rest of Europe (where the new carrier has no rate).
    await staff.goto(`${BACK_OFFICE}/delivery`);
    await moveNorway('Rest of Europe');
  }
});

test('a manager adds a country to a zone; one the shop has is refused', async ({ browser }) => {
  test.setTimeout(240_000);
  const staff = await staffPage(browser, 'manager', { locale: 'en' });
  await staff.goto(`${BACK_OFFICE}/delivery`);
  await hydrated(staff);
  const create = staff.getByRole('region', { name: 'New country' });
  const add = async (code: string) => {
    await create.getByLabel('Country code', { exact: true }).fill(code);
    await create.getByLabel('Zone', { exact: true }).selectOption({ label: 'Rest of the world' });
    await create.getByLabel('Standard VAT rate (%)', { exact: true }).fill('10');
    // The other journeys share this shop: the new country is not sold to yet.
    await create.getByLabel('Sold to').uncheck();
    await create.getByRole('button', { name: 'Add the country' }).click();
  };
  await add('IT');
  await expect(create.getByLabel('Country code', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(create).toContainText('The shop has this country already: change it in the list above.');
  // A country the shop does not have yet (a retry of this test finds the one its first try added).
  const regionName = new Intl.DisplayNames(['en'], { type: 'region' });
  const countryName = (code: string) => `${regionName.of(code)} (${code})`;
  const code = await (async () => {
    for (const candidate of ['JP', 'KR', 'SG', 'NZ', 'MX', 'BR']) {
      if ((await staff.getByRole('group', { name: countryName(candidate) }).count()) === 0) return candidate;
    }
    throw new Error('every candidate country was added by earlier tries');
  })();
  await add(code);
  await expect(staff.getByRole('status')).toHaveText('The country is added: the shop offers it with its zone’s carriers.');
  await expect(create.getByLabel('Country code', { exact: true })).toHaveValue('');
  const added = staff.getByRole('group', { name: countryName(code) });
  await expect(added.getByLabel('Zone', { exact: true })).toHaveValue('WORLD');
  await expect(added.getByLabel('Sold to')).not.toBeChecked();
  await expectNoAxeViolations(staff);
});

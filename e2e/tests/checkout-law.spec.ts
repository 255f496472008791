import { expect, test } from '@playwright/test';
import { chooseCarrier, continueAsGuest, fillAddress, fillCartAndCheckOut, main, MILAN, STANDARD_DELIVERY, choosePayment, uniqueEmail } from './checkout-journey';
import { expectNoAxeViolations, fill, TEXTS, withoutTags, type TestLang } from './fixtures';

// Three purchases up to Place order, with axe runs: give them time on a busy machine.
test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 390, height: 844 } });

/** The seeded terms of sale and privacy pages' titles, which the consent lines link to. */
const PAGES: Record<'en' | 'de' | 'it', { terms: string; privacy: string }> = {
  en: { terms: 'Terms and conditions', privacy: 'Privacy policy' },
  de: { terms: 'Allgemeine Geschäftsbedingungen', privacy: 'Datenschutzerklärung' },
  it: { terms: 'Condizioni di vendita', privacy: 'Informativa sulla privacy' },
};

for (const lang of ['en', 'de', 'it'] as const satisfies TestLang[]) {
  test(`${lang}: on a phone, Place order says the obligation to pay, the consent lines link their pages and each unticked box says what to do`, async ({ page }) => {
    const t = TEXTS[lang];
    await fillCartAndCheckOut(page, lang);
    await continueAsGuest(page, lang, uniqueEmail(`law-${lang}`));
    await fillAddress(page, lang, MILAN);
    await page.screenshot({ path: test.info().outputPath(`details-${lang}-390.png`), fullPage: true });
    await chooseCarrier(page, lang, STANDARD_DELIVERY[lang]);
    await choosePayment(page, lang);
    await page.screenshot({ path: test.info().outputPath(`payment-${lang}-390.png`), fullPage: true });

    const place = main(page).getByRole('button', { name: t.checkout.review.place });
    await expect(place).toBeVisible();
    // The directive's words: 'order with obligation to pay' (German: zahlungspflichtig bestellen).
    await expect(place).toHaveText({ en: 'Order with obligation to pay', de: 'Zahlungspflichtig bestellen', it: 'Ordina con obbligo di pagamento' }[lang]);
    const terms = main(page).getByRole('checkbox', { name: withoutTags(t.checkout.review.acceptTerms) });
    const privacy = main(page).getByRole('checkbox', { name: withoutTags(t.checkout.review.acceptPrivacy) });
    await expect(terms).toBeVisible();
    await expect(privacy).toBeVisible();

    // Sent unticked: two sentences of their own, not 'I accept the terms of sale must be accepted'.
    await place.click();
    await expect(main(page).getByText(t.validation.acceptTerms)).toBeVisible();
    await expect(main(page).getByText(t.validation.acceptPrivacy)).toBeVisible();
    await expect(main(page).getByText(t.validation.accepted.split('{{name}}').pop()!.trim())).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath(`consent-${lang}-390.png`), fullPage: true });

    // Each underlined part of a line opens its page in the shopper's language.
    const review = page.url();
    for (const [words, title] of [
      [/<page>(.+)<\/page>/.exec(t.checkout.review.acceptTerms)![1]!, PAGES[lang].terms],
      [/<page>(.+)<\/page>/.exec(t.checkout.review.acceptPrivacy)![1]!, PAGES[lang].privacy],
    ] as const) {
      await main(page).getByRole('link', { name: words, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`^[^?]+/${lang}/[^/?]+$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await page.goto(review);
    }
  });
}

test('it: a company’s codice fiscale (its 11-digit partita IVA) gets an invoice; a wrong one is named as the fiscal code', async ({ page }) => {
  const lang = 'it';
  const t = TEXTS[lang];
  await fillCartAndCheckOut(page, lang);
  await continueAsGuest(page, lang, uniqueEmail('azienda'));
  await fillAddress(page, lang, MILAN);
  await main(page).getByLabel(t.checkout.invoice.requested).check();
  await main(page).getByLabel(t.checkout.invoice.fiscalCode, { exact: true }).fill('00743110158');
  await main(page).getByLabel(t.checkout.invoice.sdi, { exact: true }).fill('ABC1234');
  await chooseCarrier(page, lang, STANDARD_DELIVERY[lang]);
  await expect(main(page).getByText(t.checkout.errors.fiscalCodeInvalid)).toBeVisible();
  await expect(main(page).getByText(t.checkout.errors.vatNumberInvalid)).toHaveCount(0);
  await expect(page).toHaveURL(`/${lang}/checkout?step=account`);
  await expectNoAxeViolations(page);

  await main(page).getByLabel(t.checkout.invoice.fiscalCode, { exact: true }).fill('00743110157');
  await chooseCarrier(page, lang, STANDARD_DELIVERY[lang]);
  await choosePayment(page, lang);
  await expect(main(page).getByText(fill(t.checkout.invoice.issuedFiscalCode, { number: '00743110157' }))).toBeVisible();
});

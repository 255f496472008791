// @vitest-environment happy-dom
import type { TextLang } from '@shop/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n, loadResources } from '~/i18n/i18n';
import { boughtAgainFlash } from '~/features/orders/buy-again.server';
import { signedInFlash } from '~/lib/auth.server';
import { FlashMessage } from './FlashMessage';

/** The message the next page shows for the flash an action left, in `lang`. */
async function shown(flash: string, lang: TextLang = 'en') {
  const i18n = createI18n(lang, await loadResources(lang));
  const Stub = createRoutesStub([{ id: 'root', path: '/', Component: FlashMessage, HydrateFallback: () => null, loader: () => ({ flash }) }]);
  render(
    <I18nextProvider i18n={i18n}>
      <Stub initialEntries={['/']} />
    </I18nextProvider>,
  );
  return (await screen.findByRole('status')).textContent;
}

describe('the message after a sign-in', () => {
  afterEach(cleanup);
  const line = (name: string, units: number, attributes_label = 'M') => ({ product_id: 1, combination_id: 2, name, attributes_label, units });

  it('welcomes the shopper when the merged cart holds all of their units', async () => {
    expect(signedInFlash([])).toBe('loginSuccessful');
    expect(await shown(signedInFlash([]))).toContain('You are signed in. Welcome back!');
  });

  it('names, in their language, what the merged cart no longer holds', async () => {
    const flash = signedInFlash([line('Camicia di lino & seta', 3), line('Jeans', 1, '')]);
    expect(await shown(flash, 'it')).toContain('non più riservati: Camicia di lino & seta (M) × 3, Jeans × 1.');
    cleanup();
    expect(await shown(flash, 'de')).toContain('nicht mehr reserviert: Camicia di lino & seta (M) × 3, Jeans × 1.');
  });

  it('names a few lines at most: the message travels in a cookie', () => {
    const flash = signedInFlash(Array.from({ length: 8 }, (_, n) => line(`Shirt ${n}`, 1)));
    const items = new URLSearchParams(flash.split('?')[1]).get('items')!;
    expect(items).toBe('Shirt 0 (M) × 1, Shirt 1 (M) × 1, Shirt 2 (M) × 1, Shirt 3 (M) × 1, Shirt 4 (M) × 1, …');
  });
});

describe('the message after buying an order again', () => {
  afterEach(cleanup);
  const translator = async (lang: TextLang) => createI18n(lang, await loadResources(lang)).t;

  it('says the order is in the cart, or names in the shopper’s language what is not, and why', async () => {
    expect(await shown(boughtAgainFlash(await translator('en'), 'DEMO000001', { left_out: [], items_in_cart: 2 }))).toContain('The items of order DEMO000001 are in your cart.');
    cleanup();
    const leftOut = [
      { name: 'Leinenhemd', attributes: 'M, Schwarz', quantity: 1, reason: 'sold_out' as const },
      { name: 'Mantel', attributes: '', quantity: 2, reason: 'confirmation_required' as const },
    ];
    expect(await shown(boughtAgainFlash(await translator('de'), 'DEMO000002', { left_out: leftOut, items_in_cart: 1 }), 'de')).toContain(
      'Die Artikel der Bestellung DEMO000002 liegen in Ihrem Warenkorb, außer: Leinenhemd (M, Schwarz) × 1 (nicht genug vorrätig); Mantel × 2 (Vorbestellung oder auf Bestellung: bitte auf der Produktseite hinzufügen).',
    );
    cleanup();
    expect(await shown(boughtAgainFlash(await translator('fr'), 'DEMO000003', { left_out: leftOut.slice(0, 1), items_in_cart: 0 }), 'fr')).toContain(
      'Aucun article de la commande DEMO000003 n’a pu être ajouté à votre panier : Leinenhemd (M, Schwarz) × 1 (stock insuffisant).',
    );
  });
});

// @vitest-environment happy-dom
import type { TextLang } from '@shop/contract';
import { cleanup, render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n, loadResources } from '~/i18n/i18n';
import { DeliveryDatesText } from './DeliveryDates';

/** The line the pages show for the API's dates, in `lang` (spaces inside a day are non-breaking). */
async function shown(lang: TextLang, dates: { from: string; to: string }) {
  const i18n = createI18n(lang, await loadResources(lang));
  const { container } = render(
    <I18nextProvider i18n={i18n}>
      <DeliveryDatesText dates={dates} />
    </I18nextProvider>,
  );
  return container.textContent!.replace(/\u00a0/g, ' ');
}

describe('delivery dates as the pages show them', () => {
  afterEach(cleanup);

  it.each([
    ['en', 'Delivered Tue 1 Dec – Thu 3 Dec'],
    ['fr', 'Livraison prévue du mar. 1 déc. au jeu. 3 déc.'],
    ['it', 'Consegna prevista tra mar 1 dic e gio 3 dic'],
    ['es', 'Entrega prevista entre el mar, 1 dic y el jue, 3 dic'],
    ['de', 'Lieferung voraussichtlich Di., 1. Dez. – Do., 3. Dez.'],
    ['pl', 'Przewidywana dostawa: wt., 1 gru – czw., 3 gru'],
  ] as [TextLang, string][])('%s: a range of days', async (lang, text) => {
    expect(await shown(lang, { from: '2026-12-01', to: '2026-12-03' })).toBe(text);
  });

  it('names one day when the carrier promises one, the same day in every time zone', async () => {
    expect(await shown('en', { from: '2027-01-04', to: '2027-01-04' })).toBe('Delivered Mon 4 Jan');
    cleanup();
    expect(await shown('de', { from: '2027-01-04', to: '2027-01-04' })).toBe('Lieferung voraussichtlich Mo., 4. Jan.');
  });
});

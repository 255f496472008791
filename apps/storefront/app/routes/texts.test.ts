import { describe, expect, it } from 'vitest';
import { I18N_READY_GLOBAL, I18N_STATE_GLOBAL, type I18nState } from '~/i18n/i18n';
import { pageTexts } from '~/i18n/i18n.server';
import { loader } from './texts';

type LoaderArgs = Parameters<typeof loader>[0];
const get = (lang: string, version: string) => loader({ params: { lang, version } } as unknown as LoaderArgs) as Promise<Response>;

/** What the browser has once the script ran. */
function run(script: string): I18nState {
  const window: Record<string, unknown> = {};
  new Function('window', script)(window);
  return window[I18N_STATE_GLOBAL] as I18nState;
}

describe('/:lang/texts/:version.js', () => {
  it('sets the language’s texts for hydration, kept for good under its version', async () => {
    const { version } = await pageTexts('it');
    const response = await get('it', version);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    const state = run(await response.text());
    expect(state.lang).toBe('it');
    // Only the page's language: Italian texts, no English fallback.
    expect(Object.keys(state.resources)).toEqual(['it']);
    expect((state.resources.it!.translation as { header: { cart: string } }).header.cart).toBe('Carrello');
  });

  it('gives a page of an earlier version today’s texts, not kept; another language has another version', async () => {
    const response = await get('it', 'an-earlier-one');
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-cache');
    expect(run(await response.text()).lang).toBe('it');
    expect((await pageTexts('fr')).version).not.toBe((await pageTexts('it')).version);
  });

  it('starts the app when the app came first and waits for its texts', async () => {
    const { script } = await pageTexts('de');
    const started: string[] = [];
    const window: Record<string, unknown> = { [I18N_READY_GLOBAL]: () => started.push((window[I18N_STATE_GLOBAL] as I18nState).lang) };
    new Function('window', script)(window);
    expect(started).toEqual(['de']);
  });

  it('cannot close a script element early, whatever a text says', async () => {
    const { script } = await pageTexts('en');
    expect(script).not.toMatch(/<\/?script/i);
  });

  it('knows only the shop’s languages', async () => {
    await expect(get('xx', 'abc')).rejects.toMatchObject({ init: { status: 404 } });
  });
});

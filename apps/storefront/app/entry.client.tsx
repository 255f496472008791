import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { HydratedRouter } from 'react-router/dom';
import { setClientI18n } from './i18n/client-instance';
import { createI18n, I18N_READY_GLOBAL, I18N_STATE_GLOBAL, type I18nState } from './i18n/i18n';
import { reloadForFailedChunk, whenIdle } from './lib/page-lifecycle';

// A lazily loaded chunk (a language's texts, the consent dialog) missing after a deploy: reload once (SPEC §9).
// A route module that fails to load, React Router reloads itself; the reloaded page names its modules in its HTML.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadForFailedChunk(sessionStorage, () => window.location.reload())) event.preventDefault();
});

// The offline screen's service worker (public/sw.js), once the page is idle; its URL names this build, so that a
// deploy installs a fresh one. Not in development, where it would only get in the way.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const build = new URL(import.meta.url).pathname.split('/').pop() ?? '';
  whenIdle(() => void navigator.serviceWorker.register(`/sw.js?build=${encodeURIComponent(build)}`).catch(() => undefined));
}

// Hydrate with exactly the texts the server rendered with, set by the page's texts script (entry.server; kept by
// the browser). Both load at once: when that script comes second, it calls the hydration it finds waiting. Should
// it fail to load, the page stays as the server sent it, working as without JavaScript.
const texts = () => (window as unknown as Record<string, I18nState | undefined>)[I18N_STATE_GLOBAL];
if (texts()) hydrate();
else (window as unknown as Record<string, () => void>)[I18N_READY_GLOBAL] = hydrate;

function hydrate() {
  const state = texts()!;
  const i18n = createI18n(state.lang, state.resources);
  setClientI18n(i18n);
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <HydratedRouter />
        </I18nextProvider>
      </StrictMode>,
    );
  });
}

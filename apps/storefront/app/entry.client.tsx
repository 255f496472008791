import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { HydratedRouter } from 'react-router/dom';
import { setClientI18n } from './i18n/client-instance';
import { createI18n, I18N_STATE_GLOBAL, type I18nState } from './i18n/i18n';
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

// The server put the page's texts in the page: hydrate with exactly those, no extra request.
const state = (window as unknown as Record<string, I18nState>)[I18N_STATE_GLOBAL]!;
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

import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { HydratedRouter } from 'react-router/dom';
import { setClientI18n } from './i18n/client-instance';
import { createI18n, I18N_STATE_GLOBAL, type I18nState } from './i18n/i18n';

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

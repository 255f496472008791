import { useState } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { useLocation } from 'react-router';
import { useRootData } from '~/lib/hooks';

function FlashBanner({ flash }: { flash: string | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  if (!flash || !open) return null;
  // A message may carry its values after its key (`cart.signedInUnheld?items=…`, lib/auth.server signedInFlash).
  const [key = '', values = ''] = flash.split(/\?(.*)/s);
  return (
    <p className="mt-4 flex items-center justify-between gap-4 rounded border border-emerald-300 bg-emerald-50 px-4 py-3 text-emerald-900">
      {/* A feature's own message is named by its whole key (`wishlist.flash.added`), the account's by its name. */}
      <span>{t(key.includes('.') ? key : `flash.${key}`, Object.fromEntries(new URLSearchParams(values)))}</span>
      <button type="button" onClick={() => setOpen(false)} className="underline">
        {t('flash.close')}
      </button>
    </p>
  );
}

/** The one-time message an action left (SPEC §8's success messages), announced politely; one per page visit. */
export function FlashMessage() {
  const flash = useRootData()?.flash ?? null;
  const { key } = useLocation();
  return (
    <div role="status" className="mx-auto max-w-7xl px-4">
      <FlashBanner key={key} flash={flash} />
    </div>
  );
}

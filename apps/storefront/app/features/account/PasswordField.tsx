import type { FieldMetadata } from '@conform-to/react';
import type { PasswordCheck } from '@shop/contract/account';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { TextField } from '~/components/forms/fields';
import { useLang } from '~/lib/hooks';

const METER_COLOURS = ['bg-red-700', 'bg-orange-600', 'bg-amber-500', 'bg-lime-600', 'bg-emerald-700'];

/**
 * A new-password field with the policy in one sentence (an example of a symbol, not the list of all thirty
 * the policy accepts) and a live strength meter (very weak … strong). The score comes from the shop API's estimator through the storefront, a moment after typing stops; a newer
 * keystroke cancels the older request.
 */
export function NewPasswordField({ field, label, min }: { field: FieldMetadata<unknown>; label: string; min: number }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [check, setCheck] = useState<PasswordCheck | null>(null);
  const pending = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => {
    clearTimeout(timer.current);
    pending.current?.abort();
  }, []);

  const onInput = (event: React.FormEvent<HTMLDivElement>) => {
    const input = event.target as HTMLInputElement;
    if (input.name !== field.name) return;
    clearTimeout(timer.current);
    pending.current?.abort();
    if (!input.value) return setCheck(null);
    timer.current = setTimeout(() => {
      const controller = new AbortController();
      pending.current = controller;
      const body = new FormData();
      body.set('password', input.value);
      fetch(`/${lang}/password-strength`, { method: 'POST', body, signal: controller.signal })
        .then((response) => (response.ok ? (response.json() as Promise<PasswordCheck>) : null))
        .then((result) => result && setCheck(result))
        .catch(() => undefined);
    }, 300);
  };

  return (
    <div onInput={onInput}>
      <TextField field={field} label={label} type="password" autoComplete="new-password" description={t('auth.passwordRules', { min })}>
        <div className="mt-2" aria-live="polite">
          {check ? (
            <>
              <div className="flex gap-1" aria-hidden="true">
                {METER_COLOURS.map((colour, index) => (
                  <span key={colour} className={`h-1.5 flex-1 rounded ${index <= check.score ? METER_COLOURS[check.score] : 'bg-stone-200'}`} />
                ))}
              </div>
              <p className="mt-1 text-sm">{t('auth.strengthLabel', { strength: t(`auth.strength.${check.strength}`) })}</p>
            </>
          ) : null}
        </div>
      </TextField>
    </div>
  );
}

import type { FormEvent } from 'react';
import { useLocation, useNavigation, useSubmit } from 'react-router';

/**
 * A GET form's submit handler for the browser: the same URL the form gives without JavaScript, minus the
 * empty fields (`price_min=`), as a client-side navigation that keeps the scroll position.
 */
export function useCleanGetSubmit(): (event: FormEvent<HTMLFormElement>) => void {
  const submit = useSubmit();
  return (event) => {
    event.preventDefault();
    const form = event.currentTarget;
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(form)) {
      if (typeof value === 'string' && value.trim() !== '') params.append(key, value.trim());
    }
    void submit(params, { method: 'get', action: form.getAttribute('action') ?? undefined, preventScrollReset: true });
  };
}

/** For controls that apply at once when JavaScript runs (the form's button does it otherwise). */
export const submitOwnForm = (event: { currentTarget: HTMLInputElement | HTMLSelectElement }) => event.currentTarget.form?.requestSubmit();

/** Whether this page is loading another version of itself (a filter, sort or page of the same listing). */
export function useSamePageLoading(): boolean {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  return navigation.state !== 'idle' && navigation.location?.pathname === pathname;
}

import { useEffect, useRef } from 'react';
import { useFetcher, useRevalidator } from 'react-router';
import { QUIET_POST_FIELD } from '../../components/forms/form-post';
import { DRAFT_FIELD } from './forms';

/** How long after the last key typed the draft is kept (a field left, a box ticked or a country chosen: at once). */
const TYPING_PAUSE_MS = 700;

/** Where the form delivers: a saved address's id, or the country chosen for the typed one. */
function destinationOf(form: HTMLFormElement): string {
  const data = new FormData(form);
  const saved = String(data.get('shipping_id') ?? 'new');
  return saved === 'new' ? `country:${String(data.get('shipping.country') ?? '')}` : `address:${saved}`;
}

/**
 * Keeps the first screen's draft on the server while the shopper types (ADR 0046), so that what she typed is
 * there after a reload or a trip back to the cart. Such a post changes nothing shown (a quiet post), except when
 * the delivery country changed: then the page is read again, with that country's carriers.
 */
export function useKeptDraft(formId: string) {
  const fetcher = useFetcher({ key: `${formId}-draft` });
  const { submit } = fetcher;
  const { revalidate } = useRevalidator();
  const destinationChanged = useRef(false);

  useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    let destination = destinationOf(form);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const keep = () => {
      clearTimeout(timer);
      const formData = new FormData(form);
      formData.set(DRAFT_FIELD, 'auto');
      formData.set(QUIET_POST_FIELD, '1');
      const now = destinationOf(form);
      if (now !== destination) {
        destination = now;
        destinationChanged.current = true;
      }
      void submit(formData, { method: 'post', action: form.getAttribute('action') ?? undefined, preventScrollReset: true });
    };
    const afterTyping = () => {
      clearTimeout(timer);
      timer = setTimeout(keep, TYPING_PAUSE_MS);
    };
    form.addEventListener('input', afterTyping);
    form.addEventListener('change', keep);
    return () => {
      clearTimeout(timer);
      form.removeEventListener('input', afterTyping);
      form.removeEventListener('change', keep);
    };
  }, [formId, submit]);

  useEffect(() => {
    if (fetcher.state !== 'idle' || !destinationChanged.current) return;
    destinationChanged.current = false;
    void revalidate();
  }, [fetcher.state, revalidate]);
}

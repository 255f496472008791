import { useEffect } from 'react';
import { useFetcher } from 'react-router';
import { QUIET_POST_FIELD } from '~/lib/form-fields';
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
 * there after a reload or a trip back to the cart. Such a post changes nothing shown (a quiet post, no loader asked
 * again), except when the delivery destination changed: that one is sent by a fetcher of its own (a later quiet
 * post does not cancel it) and not quietly, so that the page is read again with that country's carriers.
 */
export function useKeptDraft(formId: string) {
  const { submit: keepQuietly } = useFetcher({ key: `${formId}-draft` });
  const { submit: keepAndReload } = useFetcher({ key: `${formId}-destination` });

  useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    let destination = destinationOf(form);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const keep = () => {
      clearTimeout(timer);
      const formData = new FormData(form);
      formData.set(DRAFT_FIELD, 'auto');
      const now = destinationOf(form);
      const moved = now !== destination;
      destination = now;
      if (!moved) formData.set(QUIET_POST_FIELD, '1');
      const options = { method: 'post', action: form.getAttribute('action') ?? undefined, preventScrollReset: true } as const;
      void (moved ? keepAndReload(formData, options) : keepQuietly(formData, options));
    };
    const afterTyping = () => {
      clearTimeout(timer);
      timer = setTimeout(keep, TYPING_PAUSE_MS);
    };
    // Sent for real: nothing more to keep (a late draft would only repeat what was sent).
    const sent = () => clearTimeout(timer);
    form.addEventListener('input', afterTyping);
    form.addEventListener('change', keep);
    form.addEventListener('submit', sent);
    return () => {
      sent();
      form.removeEventListener('input', afterTyping);
      form.removeEventListener('change', keep);
      form.removeEventListener('submit', sent);
    };
  }, [formId, keepQuietly, keepAndReload]);
}

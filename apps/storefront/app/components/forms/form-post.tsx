import { useState } from 'react';
import { Form, useFetcher, useNavigation } from 'react-router';
import { FORM_ID_FIELD, IN_PLACE_FIELD } from '~/lib/form-fields';

type Options = {
  /** The form's id: its `form` field, and how a navigation's post is told apart from another form's. */
  id: string;
  /**
   * Sent in place once JavaScript runs (a fetcher: the page stays, the answer is `answer`); forms given the same
   * key share one fetcher (a cart line's stepper, confirmation and remove button). Otherwise a navigation.
   */
  inPlace?: boolean | { key: string };
  /**
   * The client's validation (a schema's, see useShopForm): it cancels the event when the form is not complete.
   * By default the form's own constraints: a `required` consent box left unticked.
   */
  validate?: (event: React.FormEvent<HTMLFormElement>) => void;
};

/**
 * The first `required` control of a form left empty (the form itself is `noValidate`: the page words its messages).
 * Only this: other bounds (a typed quantity) are the shop's to refuse, with its reason.
 */
const firstMissing = (form: HTMLFormElement) =>
  [...form.elements].find((element): element is HTMLInputElement => element instanceof HTMLInputElement && element.validity.valueMissing);

/**
 * How every form of the shop is sent (ADR 26). Without JavaScript it is a plain post to the route's action (which
 * redirects with a one-time message, or renders the page with its refusal). With JavaScript it is validated
 * first: incomplete, it is not sent, says so (`incomplete`) and the focus goes to the first field to fix; complete,
 * it is sent as a navigation or, `inPlace`, by a fetcher whose answer stays in `answer`. `busy` while on its way.
 */
export function useFormPost<Answer = unknown>({ id, inPlace = false, validate }: Options) {
  const navigation = useNavigation();
  const fetcher = useFetcher<Answer>(typeof inPlace === 'object' ? { key: inPlace.key } : undefined);
  const [incomplete, setIncomplete] = useState(false);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    // A button that sends the form as it is (`data-as-is`: a draft kept on the way to the cart) skips the checks.
    // (Not `formNoValidate`: Conform sends its own validation with such a button.)
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (submitter instanceof HTMLElement && submitter.dataset.asIs !== undefined) return;
    if (validate) validate(event);
    else {
      const invalid = firstMissing(form);
      if (invalid) {
        event.preventDefault();
        invalid.focus();
      }
    }
    setIncomplete(event.defaultPrevented);
    if (event.defaultPrevented || !inPlace) return;
    event.preventDefault();
    // The button that sent the form carries a value too (the quantity steppers, 'Confirm order').
    const formData = new FormData(form, (event.nativeEvent as SubmitEvent).submitter);
    formData.set(IN_PLACE_FIELD, '1');
    // In place means the page stays where it is, also when the action answers with a redirect (the consent form).
    void fetcher.submit(formData, { method: 'post', action: form.getAttribute('action') ?? undefined, preventScrollReset: true });
  };

  const sentByNavigation = navigation.state === 'submitting' && navigation.formData?.get(FORM_ID_FIELD) === id;
  return {
    id,
    /** Sent by a fetcher once JavaScript runs: its busy state is the fetcher's, the `form` field is not needed. */
    inPlace: inPlace !== false,
    onSubmit,
    busy: inPlace ? fetcher.state !== 'idle' : sentByNavigation,
    /** What an in-place post is sending, while it is (to show the change at once). */
    sending: fetcher.formData,
    /** The action's answer to the last in-place send. */
    answer: fetcher.data,
    /** Sent while incomplete: the 'form incomplete' alert, or the field's own message. */
    incomplete,
    /** A field changed after an incomplete send (a consent box ticked): its message goes. */
    onFix: () => setIncomplete(false),
  };
}

export type FormPost<Answer = unknown> = ReturnType<typeof useFormPost<Answer>>;

type PostFormProps = Omit<React.ComponentProps<typeof Form>, 'method' | 'onSubmit' | 'id'> & {
  post: FormPost<never> | FormPost<unknown>;
  /** The element's id, when a control outside it joins it by `form` (the quantity stepper, the sticky buy bar). */
  elementId?: string;
};

/**
 * The form element of a useFormPost: a post to the route's action (or `action`) that says which form it is when
 * it is sent as a navigation (an in-place form's state is its fetcher's).
 */
export function PostForm({ post, elementId, children, ...props }: PostFormProps) {
  return (
    <Form method="post" noValidate id={elementId} onSubmit={post.onSubmit} {...props}>
      {post.inPlace ? null : <input type="hidden" name={FORM_ID_FIELD} value={post.id} />}
      {children}
    </Form>
  );
}

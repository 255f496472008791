import type { CartLine } from '@shop/contract';
import { useState } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { PostForm, type FormPost } from '~/components/forms/form-post';
import { useLocalePath } from '~/lib/hooks';

/** `post`: the line's form (CartLines), shared by its stepper, confirmation and remove button. */
type Props = { line: CartLine; post: FormPost };

const stepButton =
  'flex h-10 w-10 items-center justify-center border border-stone-400 text-lg aria-disabled:cursor-not-allowed aria-disabled:text-stone-400 focus-visible:outline-2 focus-visible:outline-stone-900';

/**
 * − and + buttons around a number input, from the line's minimum to its maximum. Two forms, so that each
 * works without JavaScript: the buttons send the quantity they lead to, the input (with 'Update', or Enter)
 * sends what was typed. The forms themselves are invisible (`contents`); the buttons join them by `form`.
 */
export function QuantityStepper({ line, post }: Props) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const [typed, setTyped] = useState<string | null>(null);
  // While a change is on its way (and the cart reloads), the stepper shows the quantity asked for.
  const asked = post.sending?.get('intent') === 'update' ? Number(post.sending.get('quantity')) : null;
  const quantity = asked ?? line.quantity;
  const most = Math.max(line.max_quantity, line.quantity);
  const stepsId = `line-${line.id}-steps`;
  const typedId = `line-${line.id}-typed`;

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    // A button at the end of the range is not disabled (it would lose the keyboard's focus): it does nothing.
    if ((event.nativeEvent as SubmitEvent).submitter?.getAttribute('aria-disabled') === 'true') return event.preventDefault();
    setTyped(null);
    post.onSubmit(event);
  };
  const lineFields = (
    <>
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="item_id" value={line.id} />
      {/* More of a pre-order or backorder line: the shopper already agreed to this kind of purchase. */}
      {line.on_demand ? <input type="hidden" name="confirm" value={line.on_demand} /> : null}
    </>
  );
  return (
    <div role="group" aria-label={t('cart.quantityOf', { name: line.name })} className="flex items-center">
      <PostForm post={{ ...post, onSubmit }} elementId={stepsId} action={localePath('/cart')} className="contents">
        {lineFields}
      </PostForm>
      <PostForm post={{ ...post, onSubmit }} elementId={typedId} action={localePath('/cart')} className="contents">
        {lineFields}
      </PostForm>
      <button
        type="submit"
        form={stepsId}
        name="quantity"
        value={quantity - 1}
        aria-label={t('cart.decrease')}
        aria-disabled={quantity <= line.minimal_quantity || undefined}
        className={`${stepButton} rounded-l`}
      >
        <span aria-hidden="true">−</span>
      </button>
      <label htmlFor={`${typedId}-input`} className="sr-only">
        {t('cart.quantity')}
      </label>
      <input
        id={`${typedId}-input`}
        form={typedId}
        type="number"
        name="quantity"
        inputMode="numeric"
        min={line.minimal_quantity}
        max={most}
        value={typed ?? String(quantity)}
        onChange={(event) => setTyped(event.currentTarget.value)}
        className="h-10 w-14 border-y border-stone-400 text-center [appearance:textfield] focus-visible:outline-2 focus-visible:outline-stone-900"
      />
      <button
        type="submit"
        form={stepsId}
        name="quantity"
        value={quantity + 1}
        aria-label={t('cart.increase')}
        aria-disabled={quantity >= most || undefined}
        className={`${stepButton} rounded-r`}
      >
        <span aria-hidden="true">+</span>
      </button>
      <button type="submit" form={typedId} className="ml-3 text-sm underline hover:no-underline">
        {t('cart.update')}
      </button>
    </div>
  );
}

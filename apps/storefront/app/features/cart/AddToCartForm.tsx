import type { Product } from '@shop/contract';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { useLocation } from 'react-router';
import { PostForm, useFormPost } from '~/components/forms/form-post';
import { useLocalePath } from '~/lib/hooks';
import { confirmationAsked, refusedPreorderDate, useRefusalText } from '~/lib/refusal-text';
import type { CartActionData } from './cart-answer';
import { LazyMiniCart } from './LazyMiniCart';

// Asked only beyond the stock of a pre-order or backorder product: its code is not part of every product page's first load.
const OnDemandConfirmation = lazy(() => import('./OnDemandConfirmation').then((module) => ({ default: module.OnDemandConfirmation })));

export const ADD_TO_CART_FORM_ID = 'add-to-cart';
export const ADD_TO_CART_BUTTON_ID = 'add-to-cart-button';
/** The product page's size choice: a refused add for want of a size sends the focus (and the eye) there. */
export const SIZE_CHOICE_ID = 'size-choice';

type Props = {
  product: Product;
  /** The size and colour chosen; undefined until the shopper has picked a size (the cart then refuses, translated). */
  selected: Product['combinations'][number] | undefined;
  note?: React.ReactNode;
};

/**
 * The product page's quantity and add-to-cart button. Beyond the chosen size's stock, a pre-order or
 * backorder product asks for the shopper's consent first (SPEC §4); the shop asks for it too when the stock
 * changed meanwhile. Added, the mini cart opens; refused, the reason is announced. Without JavaScript the
 * form posts to the cart and comes back here with a message. `note` goes right under the button (the delivery date).
 */
export function AddToCartForm({ product, selected, note }: Props) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const { pathname, search } = useLocation();
  const failureText = useRefusalText();
  const post = useFormPost<CartActionData>({ id: ADD_TO_CART_FORM_ID, inPlace: true });
  const { busy } = post;
  const [quantity, setQuantity] = useState(product.minimal_quantity);
  const quantityField = useRef<HTMLSelectElement>(null);
  // A quantity chosen before the page's script ran is in the field, not in the state: adopt it.
  useEffect(() => {
    const chosenEarly = Number(quantityField.current?.value);
    // The field is the outside world here: React did not see that choice, so the state catches up once.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (chosenEarly) setQuantity(chosenEarly);
  }, []);
  // The mini cart opens for each add that worked, until the shopper closes it.
  const [closedFor, setClosedFor] = useState<unknown>(null);

  // Before a size is chosen the button is on offer: pressed, it says to choose one (with and without JavaScript).
  const available = selected ? selected.available : true;
  const stock = selected?.stock ?? product.quantity;
  const stockCap = product.out_of_stock_policy === 'deny' ? stock : product.quantity;
  const most = Math.max(product.minimal_quantity, Math.min(product.quantity, stockCap));
  const quantities = Array.from({ length: most - product.minimal_quantity + 1 }, (_, index) => product.minimal_quantity + index);
  // Another size may allow fewer.
  const chosen = Math.min(quantity, most);

  const result = post.answer;
  const refused = result && !result.ok ? result.failure : undefined;
  // 'Choose a size' is over once one is chosen (the page changes in place, the answer stays).
  const failure = refused?.code === 'choose_combination' && selected ? undefined : refused;
  // The consent to ask: what this quantity needs here, or what the shop asked for.
  const needed = product.out_of_stock_policy !== 'deny' && chosen > stock ? product.out_of_stock_policy : null;
  const confirmation = needed ?? confirmationAsked(failure);
  const preorderDate = refusedPreorderDate(failure) ?? product.available_date;
  useEffect(() => {
    if (failure?.code === 'choose_combination') document.getElementById(SIZE_CHOICE_ID)?.focus();
  }, [failure]);

  return (
    <>
      <PostForm post={post} elementId={ADD_TO_CART_FORM_ID} action={localePath('/cart')} className="mt-4 flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="product_id" value={product.id_product} />
        {selected ? <input type="hidden" name="combination_id" value={selected.id} /> : null}
        {/* Without JavaScript the cart sends the shopper back here, with the size still chosen. */}
        <input type="hidden" name="redirectTo" value={pathname + search} />
        <label className="flex items-center gap-2 text-sm">
          <span className="font-semibold">{t('product.quantity')}</span>
          <select
            ref={quantityField}
            name="quantity"
            disabled={!available}
            value={chosen}
            onChange={(event) => setQuantity(Number(event.currentTarget.value))}
            className="rounded border border-stone-300 px-3 py-2"
          >
            {quantities.map((each) => (
              <option key={each} value={each}>
                {each}
              </option>
            ))}
          </select>
        </label>
        {confirmation && available ? (
          <Suspense fallback={null}>
            <OnDemandConfirmation kind={confirmation} date={preorderDate} submitLabel={t('product.addToCart')} post={post} />
          </Suspense>
        ) : (
          <button
            id={ADD_TO_CART_BUTTON_ID}
            type="submit"
            disabled={!available}
            aria-busy={busy || undefined}
            className="button-primary flex flex-1 items-center justify-center disabled:cursor-not-allowed disabled:opacity-50 sm:flex-none"
          >
            {t('product.addToCart')}
            {busy ? <span className="sr-only"> {t('cart.sending')}</span> : null}
          </button>
        )}
        {note}
        <p className="w-full text-sm text-stone-600">
          {product.minimal_quantity > 1 ? `${t('product.minimumQuantity', { count: product.minimal_quantity })} · ` : null}
          {t('product.quantityLimit', { count: product.quantity })}
        </p>
        {!available ? <p className="w-full text-sm text-red-800">{t('product.combinationUnavailable')}</p> : null}
        <div role="alert" className="w-full text-sm text-red-800">
          {failure ? (
            <>
              <strong className="block">{t('messages.productNotAdded')}</strong> {failureText(failure)}
            </>
          ) : null}
        </div>
      </PostForm>
      <LazyMiniCart cart={result?.ok ? result.cart : null} open={Boolean(result?.ok) && closedFor !== result} onClose={() => setClosedFor(result)} />
    </>
  );
}

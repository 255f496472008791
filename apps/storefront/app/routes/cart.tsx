import type { Cart } from '@shop/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { Link } from 'react-router';
import type { Route } from './+types/cart';
import { Screen } from '~/components/Screen';
import { categoryPath } from '~/layouts/ShopChrome';
import { cartAction, loadCart, loadWaitingOrder } from '~/features/cart/cart.server';
import { WaitingOrder } from '~/features/cart/WaitingOrder';
import type { CartActionData } from '~/features/cart/cart-answer';
import { CartRefusal } from '~/features/cart/CartRefusal';
import { CART_FOCUS_ID, CartLines } from '~/features/cart/CartLines';
import { CartTotals, FreeShippingProgress } from '~/features/cart/CartTotals';
import { CouponForm } from '~/features/cart/CouponForm';
import { ShippingCountry } from '~/features/cart/ShippingCountry';
import { useFormatPrice, useLocalePath, useRootData } from '~/lib/hooks';
import { pageContext } from '~/lib/request-context.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = pageContext(context);
  const cart = await loadCart(request, api);
  return { cart, waitingOrder: await loadWaitingOrder(request, api, cart) };
}

/** Every change of the cart posts here, from this page, the product page and the mini cart. */
export async function action({ request, context }: Route.ActionArgs) {
  return cartAction(request, pageContext(context));
}

/** An empty cart leads on: home, the new arrivals, and each top category. */
function EmptyCart() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const menu = useRootData()?.bootstrap.menu ?? [];
  return (
    <div className="mt-8 rounded border border-dashed border-stone-300 p-10 text-center">
      <p id={CART_FOCUS_ID} tabIndex={-1} className="font-medium outline-none">
        {t('cart.empty')}
      </p>
      <p className="mt-2 text-stone-600">{t('cart.emptyHint')}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to={localePath()} className="button-primary">
          {t('cart.continueShopping')}
        </Link>
        <Link to={localePath('#rail-latest')} className="rounded border border-stone-900 px-5 py-2.5 font-medium hover:bg-stone-100">
          {t('cart.newArrivals')}
        </Link>
      </div>
      <nav aria-label={t('cart.browse')} className="mt-6">
        <ul className="flex flex-wrap justify-center gap-4">
          {menu.map((top) => (
            <li key={top.id}>
              <Link to={localePath(categoryPath(top))} className="underline hover:no-underline">
                {top.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

/**
 * After the cart changed in place (a fetcher's change, then the page's new data): the new total is said, and
 * when the change took away what had the focus (a removed line, the last one) the focus goes to the list's
 * heading, or the empty cart's message, so that a keyboard or screen reader user stays in the cart.
 */
function useInPlaceUpdates(cart: Cart | null): string {
  const { t } = useTranslation();
  const format = useFormatPrice();
  const [first] = useState(cart);
  const changed = cart !== first;
  useEffect(() => {
    if (changed && document.activeElement === document.body) document.getElementById(CART_FOCUS_ID)?.focus();
  }, [changed, cart]);
  return cart && changed ? t('cart.updated', { total: format(cart.totals.total) }) : '';
}

function FilledCart({ cart, posted }: { cart: Cart; posted: CartActionData | undefined }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <div className="mt-8 grid grid-cols-1 items-start gap-10 lg:grid-cols-[1fr_24rem]">
      <CartLines lines={cart.lines} itemsCount={cart.totals.items_count} posted={posted} />
      <section aria-labelledby="cart-summary-title" className="space-y-6 rounded border border-stone-200 bg-stone-50 p-5">
        <h2 id="cart-summary-title" className="text-lg font-semibold">
          {t('cart.summary')}
        </h2>
        <CartTotals cart={cart} />
        <FreeShippingProgress cart={cart} />
        <Link to={localePath('/checkout')} className="button-primary block text-center">
          {t('cart.checkout')}
        </Link>
        <CouponForm cart={cart} posted={posted} />
        <ShippingCountry country={cart.country} />
      </section>
    </div>
  );
}

/** Whether the page shows this refusal of a plain form post where it happened: at its line, or at the code field. */
function shownInPlace(refusal: Extract<CartActionData, { ok: false }>, cart: Cart | null): boolean {
  const lines = cart?.lines ?? [];
  if (refusal.intent === 'coupon-add' || refusal.intent === 'coupon-remove') return lines.length > 0;
  return refusal.intent !== 'add' && lines.some((line) => line.id === refusal.item_id);
}

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { cart, waitingOrder } = loaderData;
  const announcement = useInPlaceUpdates(cart);
  const refusal = actionData && !actionData.ok && !shownInPlace(actionData, cart) ? actionData : undefined;
  return (
    <Screen title={t('cart.title')}>
      {refusal ? <CartRefusal refusal={refusal} /> : null}
      {cart && cart.lines.length > 0 ? <FilledCart cart={cart} posted={actionData} /> : waitingOrder ? <WaitingOrder order={waitingOrder} /> : <EmptyCart />}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </Screen>
  );
}

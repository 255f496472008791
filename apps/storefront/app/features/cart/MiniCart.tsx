import type { Cart } from '@shop/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { Link } from 'react-router';
import { useOneOverlay } from '~/components/Drawer';
import { useFormatPrice, useLocalePath } from '~/lib/hooks';
import { LineSummary } from './CartLines';
import { CartTotals, FreeShippingProgress } from './CartTotals';

type Props = { cart: Cart | null; open: boolean; onClose: () => void };

/**
 * The mini cart: a drawer (a modal dialog) with the cart's lines, its totals and the ways on, 'View cart' and
 * 'Go to checkout'. The browser's modal dialog moves the focus in, keeps it there and closes on Escape; on
 * closing, the focus goes back to where it was (the button that opened it).
 */
export function MiniCart({ cart, open, onClose }: Props) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const format = useFormatPrice();
  const dialog = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      element.showModal();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  // Another overlay opened: this one closes, and leaves the focus to it.
  const yielded = useRef(false);
  useOneOverlay(open, () => {
    yielded.current = true;
    dialog.current?.close();
  });

  const onDialogClose = () => {
    onClose();
    if (!yielded.current && returnFocus.current?.isConnected) returnFocus.current.focus();
    yielded.current = false;
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby="mini-cart-title"
      onClose={onDialogClose}
      // A click on the dimmed page around the drawer (the dialog's own box, outside its content) closes it.
      onClick={(event) => event.target === event.currentTarget && event.currentTarget.close()}
      className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-full max-w-md bg-white p-0 text-stone-900 shadow-xl backdrop:bg-stone-900/50"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between border-b border-stone-200 px-5 py-4">
          <h2 id="mini-cart-title" className="text-lg font-semibold">
            {t('cart.drawer.title')}
          </h2>
          <button type="button" onClick={() => dialog.current?.close()} className="rounded px-2 py-1 underline hover:bg-stone-100">
            {t('cart.drawer.close')}
          </button>
        </div>
        {cart ? (
          <>
            <ul aria-label={t('cart.items')} className="flex-1 divide-y divide-stone-200 overflow-y-auto px-5">
              {cart.lines.map((line) => (
                <li key={line.id} className="flex items-start justify-between gap-3 py-4">
                  <LineSummary line={line} headingLevel={3} imageWidth="w-16" />
                  <p className="shrink-0 text-right text-sm">
                    <span className="block text-stone-600">{t('cart.quantityCount', { count: line.quantity })}</span>
                    <span className="font-semibold">
                      <span className="sr-only">{t('cart.lineTotal')}: </span>
                      {format(line.total)}
                    </span>
                  </p>
                </li>
              ))}
            </ul>
            <div className="space-y-3 border-t border-stone-200 px-5 py-4">
              {/* The total says what it includes: the same rows as the cart page's. */}
              <CartTotals cart={cart} />
              <FreeShippingProgress cart={cart} />
              <Link to={localePath('/checkout')} className="button-primary block text-center">
                {t('cart.checkout')}
              </Link>
              <Link to={localePath('/cart')} className="block rounded border border-stone-900 px-5 py-2.5 text-center font-medium hover:bg-stone-100">
                {t('cart.viewCart')}
              </Link>
              <button type="button" onClick={() => dialog.current?.close()} className="block w-full text-center underline">
                {t('cart.drawer.continueShopping')}
              </button>
            </div>
          </>
        ) : null}
      </div>
    </dialog>
  );
}

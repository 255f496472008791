import type { Product } from '@shop/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { Price } from './Price';

/**
 * On a phone, once the Add to cart button has scrolled away (up), a bar at the foot of the screen with the
 * price and a button of the same form. Only with JavaScript; without, the page is as it is. It steps aside while
 * the shopper is in a form field (the review form): the phone's keyboard leaves little room, and the bar would
 * cover the field being typed.
 */
const FORM_FIELD = 'input:not([type=submit],[type=button],[type=reset],[type=hidden]), textarea, select, [contenteditable]';
const isFormField = (target: EventTarget | null) => target instanceof Element && target.matches(FORM_FIELD);

type Props = {
  product: Product;
  /** The price the buy box shows, 'from' before a size is chosen when sizes cost differently. */
  price: Pick<Product, 'price' | 'regular_price' | 'discount_percent'>;
  from: boolean;
  formId: string;
  /** The buy box's button: the bar shows once it has scrolled away. */
  buttonId: string;
};

export function StickyBuyBar({ product, price, from, formId, buttonId }: Props) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  // Drawn once the page is hydrated (ProductView): a field may have focus already.
  const [typing, setTyping] = useState(() => isFormField(document.activeElement));
  useEffect(() => {
    const button = document.getElementById(buttonId);
    if (!button) return;
    const observer = new IntersectionObserver(([entry]) => setShown(Boolean(entry && !entry.isIntersecting && entry.boundingClientRect.top < 0)));
    observer.observe(button);
    return () => observer.disconnect();
  }, [buttonId]);
  useEffect(() => {
    // Where focus goes: the field focused, or (leaving one) the element that takes it, null for none.
    const focusIn = (event: FocusEvent) => setTyping(isFormField(event.target));
    const focusOut = (event: FocusEvent) => setTyping(isFormField(event.relatedTarget));
    document.addEventListener('focusin', focusIn);
    document.addEventListener('focusout', focusOut);
    return () => {
      document.removeEventListener('focusin', focusIn);
      document.removeEventListener('focusout', focusOut);
    };
  }, []);
  return (
    <aside aria-label={t('product.buyBar')} hidden={!shown || typing} className="fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white px-4 py-2 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] lg:hidden">
      <div className="flex items-center gap-3">
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm">{product.name}</p>
          <Price price={price.price} regularPrice={price.regular_price} discountPercent={price.discount_percent} from={from} />
        </div>
        <button type="submit" form={formId} className="button-primary shrink-0">
          {t('product.addToCart')}
        </button>
      </div>
    </aside>
  );
}

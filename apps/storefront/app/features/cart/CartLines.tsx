import type { CartLine } from '@shop/contract';
import { useTranslation } from '~/i18n/use-translation';
import { Link } from 'react-router';
import { PostForm, useFormPost } from '~/components/forms/form-post';
import { useFormatDate, useFormatPrice, useLang, useLocalePath } from '~/lib/hooks';
import { confirmationAsked, refusedPreorderDate, useRefusalText } from '~/lib/refusal-text';
import { productPath } from '~/features/catalog/paths';
import { Price } from '~/features/catalog/Price';
import type { CartActionData } from './cart-answer';
import { OnDemandConfirmation } from './OnDemandConfirmation';
import { QuantityStepper } from './QuantityStepper';

/** The discount a line's unit price shows, in whole percent, or null at the regular price. */
const discountPercent = (line: CartLine) =>
  line.regular_unit_price > line.unit_price ? Math.round((1 - line.unit_price / line.regular_unit_price) * 100) : null;

type SummaryProps = { line: CartLine; headingLevel: 2 | 3; imageWidth: string; children?: React.ReactNode };

/** A line's picture, name (a link to the product), chosen size and colour, and what the caller adds below. */
export function LineSummary({ line, headingLevel, imageWidth, children }: SummaryProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="flex min-w-0 flex-1 gap-4">
      <img src={line.image.url} alt="" width={line.image.width} height={line.image.height} loading="lazy" className={`${imageWidth} h-auto shrink-0 rounded bg-stone-100`} />
      <div className="min-w-0 flex-1 space-y-1">
        <Heading className="font-medium">
          <Link to={productPath(lang, { id_product: line.product_id, link_rewrite: line.link_rewrite })} className="hover:underline">
            {line.name}
          </Link>
        </Heading>
        {line.attributes.length > 0 ? (
          <p className="text-sm text-stone-600">{line.attributes.map((attribute) => t('cart.attribute', { group: attribute.group, value: attribute.value })).join(', ')}</p>
        ) : null}
        {children}
      </div>
    </div>
  );
}

/** Pre-order and backorder lines (SPEC §4), and a line the stock no longer covers. */
function LineNotes({ line }: { line: CartLine }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  return (
    <>
      {line.on_demand === 'preorder' ? (
        <p className="text-sm text-amber-800">
          {line.available_date ? t('cart.preorder', { date: formatDate(line.available_date) }) : t('cart.preorderNoDate')}
          {line.cancellable ? null : <strong className="ml-2 rounded bg-amber-100 px-1.5 font-semibold">{t('cart.nonCancellable')}</strong>}
        </p>
      ) : null}
      {line.on_demand === 'backorder' ? <p className="text-sm text-amber-800">{t('cart.backorder', { count: line.on_demand_quantity })}</p> : null}
      {line.available_quantity !== null ? (
        <p className="text-sm font-medium text-red-800">
          {line.available_quantity > 0 ? t('cart.stockChanged', { count: line.available_quantity }) : t('cart.stockGone')}
        </p>
      ) : null}
    </>
  );
}

type LineProps = { line: CartLine; /** The action's answer to a plain form post about this line (no JavaScript). */ posted?: CartActionData };

function CartLineItem({ line, posted }: LineProps) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const format = useFormatPrice();
  const failureText = useRefusalText();
  // The line's stepper, confirmation and remove button are one form's: one change of the line at a time.
  const form = useFormPost<CartActionData>({ id: `line-${line.id}`, inPlace: true });
  const result = form.answer ?? posted;
  const failure = result && !result.ok ? result : undefined;
  const asked = confirmationAsked(failure?.failure);
  return (
    // On a phone the quantity and remove controls take the line's whole width below its summary: nothing overflows at 320 px.
    <li className="py-6">
      <div className="flex items-start gap-3 sm:gap-4">
        <LineSummary line={line} headingLevel={3} imageWidth="w-20 sm:w-28">
          <div className="space-y-2 pt-1">
            <Price price={line.unit_price} regularPrice={line.regular_unit_price} discountPercent={discountPercent(line)} />
            <LineNotes line={line} />
          </div>
        </LineSummary>
        <p className="shrink-0 text-right font-semibold">
          <span className="sr-only">{t('cart.lineTotal')}: </span>
          {format(line.total)}
        </p>
      </div>
      <div className="mt-3 space-y-2 sm:ml-32">
        <div aria-busy={form.busy || undefined} className="pending-ring flex flex-wrap items-center gap-x-4 gap-y-2">
          <QuantityStepper line={line} post={form} />
          <PostForm post={form} action={localePath('/cart')}>
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="item_id" value={line.id} />
            <button type="submit" aria-label={t('cart.removeItem', { name: line.name })} className="text-sm text-stone-700 underline hover:no-underline">
              {t('cart.remove')}
            </button>
          </PostForm>
        </div>
        {failure ? (
          <p role="alert" className="text-sm text-red-800">
            {failureText(failure.failure)}
          </p>
        ) : null}
        {asked && failure?.quantity ? (
          <PostForm post={form} action={localePath('/cart')}>
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="item_id" value={line.id} />
            <input type="hidden" name="quantity" value={failure.quantity} />
            <OnDemandConfirmation
              kind={asked}
              date={refusedPreorderDate(failure.failure) ?? line.available_date}
              submitLabel={t('cart.update')}
              post={form}
            />
          </PostForm>
        ) : null}
      </div>
    </li>
  );
}

/** The element that takes the focus when a change removed the one that had it (see useFocusKeeper). */
export const CART_FOCUS_ID = 'cart-focus';

/** The cart's lines under a heading that counts them. */
export function CartLines({ lines, itemsCount, posted }: { lines: CartLine[]; itemsCount: number; posted?: CartActionData }) {
  const { t } = useTranslation();
  const postedFor = (line: CartLine) => (posted && !posted.ok && posted.item_id === line.id ? posted : undefined);
  return (
    <section aria-labelledby={CART_FOCUS_ID}>
      <h2 id={CART_FOCUS_ID} tabIndex={-1} className="text-lg font-semibold outline-none">
        {t('cart.itemCount', { count: itemsCount })}
      </h2>
      <ul aria-label={t('cart.items')} className="divide-y divide-stone-200 border-b border-stone-200">
        {lines.map((line) => (
          <CartLineItem key={line.id} line={line} posted={postedFor(line)} />
        ))}
      </ul>
    </section>
  );
}

import { useTranslation } from '~/i18n/use-translation';
import { useFormatPrice } from '~/lib/hooks';

type Props = {
  price: number;
  regularPrice: number;
  discountPercent: number | null;
  /** Sizes cost differently and none is chosen: the price is the lowest, said as 'from …' (ADR 55). */
  from?: boolean;
  size?: 'md' | 'lg';
};

/** The price to pay, and when discounted the crossed-out regular price and the discount. */
export function Price({ price, regularPrice, discountPercent, from = false, size = 'md' }: Props) {
  const { t } = useTranslation();
  const format = useFormatPrice();
  const big = size === 'lg' ? 'text-2xl' : 'text-base';
  return (
    <p className={`price-line ${big}`}>
      <span className={discountPercent ? 'font-semibold text-red-700' : 'font-semibold'}>
        <span className="sr-only">{`${t('product.price')}: `}</span>
        {from ? t('product.fromPrice', { price: format(price) }) : format(price)}
      </span>
      {discountPercent ? (
        <>
          <s className="text-sm text-stone-600">
            <span className="sr-only">{`${t('product.regularPrice')}: `}</span>
            {format(regularPrice)}
          </s>
          <span className="rounded bg-red-700 px-2 py-0.5 text-xs font-semibold text-white">{t('product.discount', { percent: discountPercent })}</span>
        </>
      ) : null}
    </p>
  );
}

/**
 * The EU's 30-day lowest price (Omnibus directive, ADR 43), shown with a discounted price: the lowest price of the
 * 30 days before the discount started: on the product page, and smaller on cards (listings, search, rails).
 */
export function LowestPriorPrice({ amount, size = 'md' }: { amount: number | null; size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  const format = useFormatPrice();
  if (amount === null) return null;
  return <p className={`${size === 'sm' ? 'text-xs' : 'text-sm'} text-stone-700`}>{t('product.lowestPriorPrice', { price: format(amount) })}</p>;
}

import type { Badge } from '@shop/contract';
import { useTranslation } from '~/i18n/use-translation';

/**
 * One visual system for badges: three kinds, one style each. Every badge that means a lower price (outlet,
 * promo, sale, offer, discount, Black Friday) looks like the price's own discount; 'new' is dark; anything
 * else ('limited') is outlined.
 */
const KIND_STYLE = {
  discount: 'bg-red-700 text-white',
  new: 'bg-stone-900 text-white',
  other: 'border border-stone-900 bg-white text-stone-900',
} as const;

const KIND: Record<Badge, keyof typeof KIND_STYLE> = {
  outlet: 'discount',
  promo: 'discount',
  sale: 'discount',
  offer: 'discount',
  discount: 'discount',
  black_friday: 'discount',
  new_product: 'new',
  limited: 'other',
};

export function Badges({ badges }: { badges: Badge[] }) {
  const { t } = useTranslation();
  if (badges.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1">
      {badges.map((badge) => (
        <li key={badge} className={`rounded px-2 py-0.5 text-xs font-semibold uppercase tracking-wide ${KIND_STYLE[KIND[badge]]}`}>
          {t(`badges.${badge}`)}
        </li>
      ))}
    </ul>
  );
}

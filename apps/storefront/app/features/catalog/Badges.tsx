import type { Badge } from '@shop/contract';
import { useTranslation } from 'react-i18next';

const BADGE_STYLE: Record<Badge, string> = {
  outlet: 'bg-stone-700 text-white',
  promo: 'bg-amber-300 text-stone-900',
  sale: 'bg-red-700 text-white',
  offer: 'bg-emerald-700 text-white',
  discount: 'bg-red-100 text-red-900',
  new_product: 'bg-sky-800 text-white',
  limited: 'bg-violet-800 text-white',
  black_friday: 'bg-black text-white',
};

export function Badges({ badges }: { badges: Badge[] }) {
  const { t } = useTranslation();
  if (badges.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1">
      {badges.map((badge) => (
        <li key={badge} className={`rounded px-2 py-0.5 text-xs font-semibold uppercase tracking-wide ${BADGE_STYLE[badge]}`}>
          {t(`badges.${badge}`)}
        </li>
      ))}
    </ul>
  );
}

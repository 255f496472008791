import { useTranslation } from '../../i18n/use-translation';
import { useLang } from '../../lib/hooks';

const STAR_PATH = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';
const SIZES = { sm: 'h-4 w-4', md: 'h-5 w-5', lg: 'h-7 w-7' };

/** One star, filled to `fill` (0 to 1): a rating of 4.5 shows four and a half stars. */
export function Star({ fill, className }: { fill: number; className: string }) {
  const percent = Math.round(Math.max(0, Math.min(1, fill)) * 100);
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className}>
      <path d={STAR_PATH} fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d={STAR_PATH} fill="currentColor" style={{ clipPath: `inset(0 ${100 - percent}% 0 0)` }} />
    </svg>
  );
}

/** A rating as five stars, named for screen readers ('4.5 out of 5 stars'). */
export function Stars({ value, size = 'md' }: { value: number; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  const lang = useLang();
  // Averages come rounded to one decimal.
  const rating = value.toLocaleString(lang);
  return (
    <span role="img" aria-label={t('reviews.starsOutOf', { rating })} className="inline-flex text-amber-700">
      {[1, 2, 3, 4, 5].map((position) => (
        <Star key={position} fill={value - position + 1} className={SIZES[size]} />
      ))}
    </span>
  );
}

/** A card's or a heading's rating: the stars and how many reviews ('(12)'), nothing before the first review. */
export function RatingSummary({ rating }: { rating: { average: number; count: number } | null }) {
  const { t } = useTranslation();
  if (!rating) return null;
  return (
    <p className="flex items-center gap-1 text-xs text-stone-700">
      <Stars value={rating.average} size="sm" />
      <span aria-hidden="true">({rating.count})</span>
      <span className="sr-only">{t('reviews.count', { count: rating.count })}</span>
    </p>
  );
}

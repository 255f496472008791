import { useTranslation } from '~/i18n/use-translation';
import { useLang } from '~/lib/hooks';
import { SHARED_DRAWINGS, STAR_PATH } from '~/components/Icon';

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

/** Five stars side by side: each as tall as it is wide. */
const ROW_SIZES = { sm: 'h-4 w-20', md: 'h-5 w-25', lg: 'h-7 w-35' };

/**
 * A rating as five stars, named for screen readers ('4.5 out of 5 stars'): the page's row of five stars
 * (SharedDrawings) outlined, and filled up to the rating.
 */
export function Stars({ value, size = 'md' }: { value: number; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  const lang = useLang();
  // Averages come rounded to one decimal.
  const rating = value.toLocaleString(lang);
  const percent = Math.round((Math.max(0, Math.min(5, value)) / 5) * 100);
  return (
    <span role="img" aria-label={t('reviews.starsOutOf', { rating })} className="inline-flex text-amber-700">
      {/* The symbol's own viewBox gives the row its proportions; the outline is the SVG's stroke, the fill the second copy's. */}
      <svg aria-hidden="true" className={`stars ${ROW_SIZES[size]}`}>
        <use href={`#${SHARED_DRAWINGS.fiveStars}`} />
        <use href={`#${SHARED_DRAWINGS.fiveStars}`} className="stars-filled" style={{ clipPath: `inset(0 ${100 - percent}% 0 0)` }} />
      </svg>
    </span>
  );
}

/** A card's or a heading's rating: the stars and how many reviews ('(12)'), nothing before the first review. */
export function RatingSummary({ rating }: { rating: { average: number; count: number } | null }) {
  const { t } = useTranslation();
  if (!rating) return null;
  return (
    <p className="rating-line">
      <Stars value={rating.average} size="sm" />
      <span aria-hidden="true">{`(${rating.count})`}</span>
      <span className="sr-only">{t('reviews.count', { count: rating.count })}</span>
    </p>
  );
}

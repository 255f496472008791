import { Link } from 'react-router';
import { Icon } from './Icon';

type Props = { to: string; label: string; count: number; countedLabel: string; icon: 'heart' | 'bag' };

/**
 * A header link with a count badge (wishlist, cart); with a count, its name says it too, for screen readers.
 * On a phone only its icon shows (the word stays its name) with the count on its corner, so that the header fits
 * 320 px in every language.
 */
export function CountLink({ to, label, count, countedLabel, icon }: Props) {
  return (
    <Link to={to} aria-label={count > 0 ? countedLabel : undefined} className="relative flex h-11 min-w-11 items-center justify-center gap-1.5 hover:underline">
      <Icon name={icon} className="h-6 w-6 lg:hidden" />
      <span className="sr-only lg:not-sr-only">{label}</span>
      {count > 0 ? (
        // On a phone the badge sits on the icon's corner: it adds no width to the header.
        <span aria-hidden="true" className="absolute top-0.5 right-0 min-w-5 rounded-full bg-stone-900 px-1.5 text-center text-xs leading-5 font-semibold text-white lg:static">
          {count}
        </span>
      ) : null}
    </Link>
  );
}

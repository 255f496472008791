import { Link } from 'react-router';

type Props = { to: string; label: string; count: number; countedLabel: string };

/** A header link with a count badge (wishlist, cart); with a count, its name says it too, for screen readers. */
export function CountLink({ to, label, count, countedLabel }: Props) {
  return (
    <Link to={to} aria-label={count > 0 ? countedLabel : undefined} className="flex items-center gap-1.5 hover:underline">
      {label}
      {count > 0 ? (
        <span aria-hidden="true" className="min-w-5 rounded-full bg-stone-900 px-1.5 text-center text-xs leading-5 font-semibold text-white">
          {count}
        </span>
      ) : null}
    </Link>
  );
}

import type { ReactNode } from 'react';
import { Link } from 'react-router';

const linkClass = 'text-blue-800 underline';

/** An order's reference (in a fixed-width font, as codes are shown) as the link to its page; `section`: a part of it, such as its returns. */
export function OrderLink({ reference, section }: { reference: string; section?: string }) {
  return (
    <Link to={`/orders/${reference}${section ? `#${section}` : ''}`} className={`font-mono ${linkClass}`}>
      {reference}
    </Link>
  );
}

/** The way back to the list (or page) a screen belongs to, above its title. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p className="mb-2">
      <Link to={to} className={linkClass}>
        {children}
      </Link>
    </p>
  );
}

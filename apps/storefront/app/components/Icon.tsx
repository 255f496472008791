/** The header's and buy box's line icons (24×24, drawn in the text colour); always beside a name for screen readers. */
const PATHS = {
  menu: 'M4 6h16M4 12h16M4 18h16',
  search: 'M10.5 17a6.5 6.5 0 1 1 0-13 6.5 6.5 0 0 1 0 13Zm4.6-1.9L20 20',
  heart: 'M12 20.5s-7.5-4.6-7.5-10.1A4.4 4.4 0 0 1 12 7.6a4.4 4.4 0 0 1 7.5 2.8c0 5.5-7.5 10.1-7.5 10.1Z',
  bag: 'M5 8h14l-1 12H6L5 8Zm4 0V6a3 3 0 0 1 6 0v2',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 14 0',
} as const;

export function Icon({ name, className = 'h-6 w-6' }: { name: keyof typeof PATHS; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" className={className}>
      <path d={PATHS[name]} />
    </svg>
  );
}

/**
 * Drawings a page repeats (a listing's hearts and ratings, one per card): defined once in the document (root.tsx)
 * and drawn with `<use>`, in the colour and fill of where they stand. Drawn out in each card, they weighed a fifth
 * of a category page.
 */
export const SHARED_DRAWINGS = { heart: 'shared-heart', fiveStars: 'shared-five-stars' } as const;
/** A star in a 24-unit square; relative after its start, so that moving the start moves the whole star. */
export const STAR_PATH = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6-5.9-3.3-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

export function SharedDrawings() {
  return (
    <svg aria-hidden="true" className="hidden">
      <symbol id={SHARED_DRAWINGS.heart} viewBox="0 0 24 24">
        <path stroke="currentColor" strokeWidth="2" strokeLinejoin="round" d={PATHS.heart} />
      </symbol>
      {/* Five stars side by side, 24 units each. */}
      <symbol id={SHARED_DRAWINGS.fiveStars} viewBox="0 0 120 24">
        <path d={[0, 1, 2, 3, 4].map((position) => STAR_PATH.replace('M12', `M${12 + 24 * position}`)).join('')} />
      </symbol>
    </svg>
  );
}


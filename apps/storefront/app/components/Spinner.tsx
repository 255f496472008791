/** A turning ring beside a pending action's text (the text or aria-busy says it to screen readers). */
export function Spinner() {
  return <span aria-hidden="true" className="inline-block h-4 w-4 shrink-0 animate-spin rounded-full border-2 border-current border-r-transparent" />;
}

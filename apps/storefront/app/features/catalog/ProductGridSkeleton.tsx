/**
 * What stands for a list of product cards while it is on its way (streamed below-the-fold data): the same
 * section, heading and grid of cards as the list it stands for, so nothing moves when the list arrives.
 * Hidden from assistive technology: the region that holds it says it is busy.
 */
export function ProductGridSkeleton({ count, className = 'mt-14' }: { count: number; className?: string }) {
  return (
    <div aria-hidden="true" className={className} data-skeleton>
      <div className="mb-6 h-8 w-48 rounded bg-stone-100" />
      <ul className="grid grid-cols-2 gap-x-4 gap-y-8 md:grid-cols-3 lg:grid-cols-4">
        {Array.from({ length: count }, (_, index) => (
          <li key={index} className="flex flex-col gap-2">
            <div className="aspect-[3/4] w-full rounded bg-stone-100" />
            <div className="h-3 w-16 rounded bg-stone-100" />
            <div className="h-5 w-3/4 rounded bg-stone-100" />
            <div className="h-5 w-20 rounded bg-stone-100" />
          </li>
        ))}
      </ul>
    </div>
  );
}

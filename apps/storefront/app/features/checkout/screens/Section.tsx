/** A section of a screen: a heading the progress and the review link to (`#address`), and its fields. */
export function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-4 space-y-4 border-t border-stone-200 pt-6 first:border-t-0 first:pt-0">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

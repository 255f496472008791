import type { ContentPage } from '@shop/contract';

/** A content page's text (its head tags are the route's, routes/content.tsx). */
export function ContentView({ page }: { page: ContentPage }) {
  const paragraphs = Array.isArray(page.body) ? page.body : [];
  return (
    <article className="mx-auto max-w-3xl py-10">
      <h1 className="text-3xl font-semibold">{page.title}</h1>
      {paragraphs.map((paragraph, index) => (
        <p key={index} className="mt-4 leading-relaxed text-stone-700">
          {paragraph}
        </p>
      ))}
    </article>
  );
}

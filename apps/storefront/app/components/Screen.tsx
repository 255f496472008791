import { PageMeta } from './PageMeta';

type Props = { title: string; intro?: string; noIndex?: boolean; children?: React.ReactNode };

/** A screen with a heading and an introduction: the frame of the account, auth and checkout screens. */
export function Screen({ title, intro, noIndex = true, children }: Props) {
  return (
    <section className="py-8" aria-labelledby="screen-title">
      <PageMeta title={title} noIndex={noIndex} />
      <h1 id="screen-title" className="text-3xl font-semibold">
        {title}
      </h1>
      {intro ? <p className="mt-2 text-stone-700">{intro}</p> : null}
      {children}
    </section>
  );
}

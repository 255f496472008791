import { STOREFRONT_LANGUAGES, DEFAULT_LANGUAGE, type Lang } from '@shop/contract/constants';
import { useLocation, useMatches } from 'react-router';
import { useLang, useRootData } from '~/lib/hooks';

/** lang → full path of the same page in that language. */
export type PageAlternates = Partial<Record<Lang, string>>;

/**
 * The current page in every language: a page's loader may return `alternates` (a product's slug differs
 * per language); otherwise the same path under each language prefix.
 */
export function usePageAlternates(): Record<Lang, string> {
  const matches = useMatches();
  const { pathname } = useLocation();
  const lang = useLang();
  const fromLoader = [...matches].reverse().find((match) => (match.loaderData as { alternates?: PageAlternates } | undefined)?.alternates)
    ?.loaderData as { alternates: PageAlternates } | undefined;
  const rest = pathname.slice(`/${lang}`.length);
  return Object.fromEntries(STOREFRONT_LANGUAGES.map((code) => [code, fromLoader?.alternates[code] ?? `/${code}${rest}`])) as Record<Lang, string>;
}

/** Canonical and hreflang links of the page (React places them in the document head). */
export function HeadLinks() {
  const alternates = usePageAlternates();
  const lang = useLang();
  const origin = useRootData()?.origin ?? '';
  return (
    <>
      <link rel="canonical" href={`${origin}${alternates[lang]}`} />
      {STOREFRONT_LANGUAGES.map((code) => (
        <link key={code} rel="alternate" hrefLang={code} href={`${origin}${alternates[code]}`} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={`${origin}${alternates[DEFAULT_LANGUAGE]}`} />
    </>
  );
}

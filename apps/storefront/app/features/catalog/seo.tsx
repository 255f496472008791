import type { Lang } from '@shop/contract/constants';
import type { Product } from '@shop/contract';
import { useTranslation } from '~/i18n/use-translation';
import { usePageAlternates } from '~/components/HeadLinks';
import { useLang, useRootData } from '~/lib/hooks';
import { useNonce } from '~/lib/nonce';
import { categoryUrl } from './paths';

const OG_LOCALE: Record<Lang, string> = { en: 'en_GB', fr: 'fr_FR', it: 'it_IT', es: 'es_ES', de: 'de_DE' };

/** The shop's public origin for absolute URLs (PUBLIC_URL, else the request's). */
function useOrigin(): string {
  return useRootData()?.origin ?? '';
}

/**
 * Structured data for search engines. The nonce lets it pass the page's Content-Security-Policy; `<` is
 * escaped so that no text (a product name) can close the script element.
 */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  const nonce = useNonce();
  const json = JSON.stringify({ '@context': 'https://schema.org', ...data }).replace(/</g, '\\u003c');
  return <script type="application/ld+json" nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: json }} />;
}

type SocialProps = { title: string; description?: string; image?: string; type?: 'website' | 'product' };

/** Open Graph (and Twitter card) tags: how the page looks when shared. React places them in the head. */
export function SocialMeta({ title, description, image, type = 'website' }: SocialProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const origin = useOrigin();
  const alternates = usePageAlternates();
  return (
    <>
      <meta property="og:site_name" content={t('site.name')} />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={title} />
      {description ? <meta property="og:description" content={description} /> : null}
      <meta property="og:url" content={`${origin}${alternates[lang]}`} />
      <meta property="og:locale" content={OG_LOCALE[lang]} />
      {image ? <meta property="og:image" content={new URL(image, origin || 'http://localhost').href} /> : null}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
    </>
  );
}

/** The shop itself, and its search, for the home page. */
export function OrganizationJsonLd() {
  const { t } = useTranslation();
  const lang = useLang();
  const origin = useOrigin();
  return (
    <>
      <JsonLd data={{ '@type': 'Organization', name: t('site.name'), url: `${origin}/${lang}`, logo: `${origin}/favicon.svg` }} />
      <JsonLd
        data={{
          '@type': 'WebSite',
          name: t('site.name'),
          url: `${origin}/${lang}`,
          potentialAction: { '@type': 'SearchAction', target: `${origin}/${lang}/search?q={search_term_string}`, 'query-input': 'required name=search_term_string' },
        }}
      />
    </>
  );
}

type Crumb = { id: number; name: string; slug: string };

/** Home › categories › (the current page): the trail search engines show instead of the URL. */
export function BreadcrumbJsonLd({ trail, current }: { trail: Crumb[]; current?: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const origin = useOrigin();
  const alternates = usePageAlternates();
  const items = [
    { name: t('header.home'), item: `${origin}/${lang}` },
    ...trail.map((crumb) => ({ name: crumb.name, item: `${origin}${categoryUrl(lang, crumb)}` })),
    ...(current ? [{ name: current, item: `${origin}${alternates[lang]}` }] : []),
  ];
  return (
    <JsonLd data={{ '@type': 'BreadcrumbList', itemListElement: items.map((entry, index) => ({ '@type': 'ListItem', position: index + 1, ...entry })) }} />
  );
}

/** schema.org's word for whether the chosen variant can be bought now. */
function availability(product: Product, stock: number): string {
  if (stock > 0) return 'https://schema.org/InStock';
  if (product.out_of_stock_policy === 'preorder') return 'https://schema.org/PreOrder';
  if (product.out_of_stock_policy === 'backorder') return 'https://schema.org/BackOrder';
  return 'https://schema.org/OutOfStock';
}

/** A product with its offer (price, currency, availability) for rich results. */
export function ProductJsonLd({ product, stock }: { product: Product; stock: number }) {
  const lang = useLang();
  const origin = useOrigin();
  const alternates = usePageAlternates();
  const currency = useRootData()?.bootstrap.settings.currency ?? 'EUR';
  return (
    <JsonLd
      data={{
        '@type': 'Product',
        name: product.name,
        description: product.description,
        sku: product.sku,
        image: product.images.map((image) => `${origin}${image.url}`),
        ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand.name } } : {}),
        ...(product.colors.length > 0 ? { color: product.colors.map((colour) => colour.name).join(', ') } : {}),
        ...(product.rating
          ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: product.rating.average, reviewCount: product.rating.count, bestRating: 5, worstRating: 1 } }
          : {}),
        offers: {
          '@type': 'Offer',
          url: `${origin}${alternates[lang]}`,
          priceCurrency: currency,
          price: (product.price / 100).toFixed(2),
          availability: availability(product, stock),
          itemCondition: 'https://schema.org/NewCondition',
        },
      }}
    />
  );
}

/** A listing's title; from page 2 on it says which page, so that every page's title differs. */
export function useListingTitle(title: string, page: number): string {
  const { t } = useTranslation();
  return page > 1 ? t('catalog.pageTitle', { title, page }) : title;
}

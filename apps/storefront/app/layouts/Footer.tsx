import { STOREFRONT_LANGUAGES } from '@shop/contract/constants';
import { useTranslation } from '~/i18n/use-translation';
import { Link, useLocation } from 'react-router';
import { CountryForm } from '~/features/geo/CountryChooser';
import { ShippingInfo } from '~/features/geo/ShippingRule';
import { useLang, useLocalePath } from '~/lib/hooks';
import type { RootData } from '~/lib/root-data';
import { usePageAlternates } from '~/components/HeadLinks';

/** Social networks by the host of their addresses; another host is named by itself. */
const NETWORKS: [host: RegExp, name: string][] = [
  [/(^|\.)instagram\.com$/, 'Instagram'],
  [/(^|\.)facebook\.com$/, 'Facebook'],
  [/(^|\.)pinterest\.[a-z.]+$/, 'Pinterest'],
  [/(^|\.)tiktok\.com$/, 'TikTok'],
  [/(^|\.)youtube\.com$/, 'YouTube'],
  [/(^|\.)(x|twitter)\.com$/, 'X'],
];

export function networkName(url: string): string {
  const host = new URL(url).hostname;
  return NETWORKS.find(([pattern]) => pattern.test(host))?.[1] ?? host.replace(/^www\./, '');
}

/** A titled column: a region, or the footer's navigation (`nav`). */
function Column({ id, title, as: Landmark = 'section', children }: { id: string; title: string; as?: 'section' | 'nav'; children: React.ReactNode }) {
  return (
    <Landmark aria-labelledby={id} className="text-sm text-stone-600">
      <h2 id={id} className="mb-3 text-base font-semibold text-stone-900">
        {title}
      </h2>
      {children}
    </Landmark>
  );
}

/** The same page in each language: plain links, so that they work without JavaScript and for search engines. */
function LanguageLinks({ root }: { root: RootData }) {
  const { t } = useTranslation();
  const lang = useLang();
  const alternates = usePageAlternates();
  const { search } = useLocation();
  const labels = new Map(root.bootstrap.languages.map((language) => [language.code, language.label]));
  return (
    <nav aria-label={t('locale.language')} className="mt-4">
      <ul className="flex flex-wrap gap-x-3 gap-y-1">
        {STOREFRONT_LANGUAGES.map((code) => (
          <li key={code}>
            <a href={`${alternates[code]}${search}`} hrefLang={code} lang={code} aria-current={code === lang ? 'true' : undefined} className="hover:underline aria-[current]:font-semibold aria-[current]:text-stone-900">
              {labels.get(code) ?? code}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The shop's footer: who it is and where else to find it, the service pages, shipping and returns for the
 * shopper's country (the same rule and words as the banner and the product page), payment, and the country and
 * language choice. `extra` is the bottom line's own links (cookie settings).
 */
export function Footer({ root, extra }: { root: RootData; extra?: React.ReactNode }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const shopName = t('site.name');
  return (
    <footer className="mt-16 border-t border-stone-200 bg-stone-50">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-shop" className="text-sm text-stone-600">
          <h2 id="footer-shop" className="font-display text-2xl font-bold text-stone-900">
            {shopName}
          </h2>
          <p className="mt-2">{t('site.tagline')}</p>
          {root.socialLinks.length > 0 ? (
            <ul aria-label={t('footer.social')} className="mt-4 flex flex-wrap gap-2">
              {root.socialLinks.map((url) => (
                <li key={url}>
                  <a href={url} rel="me noopener" aria-label={t('footer.socialOn', { shop: shopName, network: networkName(url) })} className="inline-block rounded-full border border-stone-300 px-3 py-1 text-stone-900 hover:bg-white">
                    {networkName(url)}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
        <Column id="footer-help" title={t('footer.help')} as="nav">
          <ul className="space-y-1.5">
            {root.bootstrap.footer_links.map((link) => (
              <li key={link.key}>
                <Link to={localePath(`/${link.slug}`)} className="hover:underline">
                  {link.title}
                </Link>
              </li>
            ))}
          </ul>
          <p className="mt-4 font-semibold text-stone-900">{t('footer.contactTitle')}</p>
          <p>{t('footer.contactText')}</p>
        </Column>
        <Column id="footer-shipping" title={t('footer.shippingTitle')}>
          <p className="space-y-1">
            <ShippingInfo root={root} />
          </p>
          <p className="mt-2">{t('product.returnsText')}</p>
          <p className="mt-4 font-semibold text-stone-900">{t('product.payment')}</p>
          <p>{t('footer.payments')}</p>
        </Column>
        <Column id="footer-country" title={t('footer.countryTitle')}>
          <CountryForm root={root} className="text-stone-900" />
          <LanguageLinks root={root} />
        </Column>
      </div>
      <div className="border-t border-stone-200">
        <p className="mx-auto flex max-w-7xl flex-wrap justify-center gap-x-4 gap-y-1 px-4 py-4 text-xs text-stone-600">
          <span>{t('footer.copyright', { year: new Date().getFullYear() })}</span>
          {extra}
        </p>
      </div>
    </footer>
  );
}

import type { CategoryNode } from '@shop/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalePath } from '../lib/hooks';
import type { RootData } from '../lib/root-data';
import { FlashMessage } from './FlashMessage';
import { SearchBox } from '../features/search/SearchBox';
import { WishlistLink } from '../features/wishlist/WishlistLink';
import { CartLink } from '../features/cart/CartLink';
import { LocaleChooser } from './LocaleChooser';

export const categoryPath = (category: { id: number; slug: string }) => `/${category.id}-${category.slug}`;

function CategoryMenu({ menu }: { menu: CategoryNode[] }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <nav aria-label={t('header.mainMenu')}>
      <ul className="flex flex-wrap gap-1">
        {menu.map((top) => (
          <li key={top.id} className="group relative">
            <Link to={localePath(categoryPath(top))} className="block rounded px-3 py-2 font-medium hover:bg-stone-100">
              {top.name}
            </Link>
            {top.children.length > 0 ? (
              // Opens on hover and when a link inside has keyboard focus.
              <ul className="absolute left-0 z-20 hidden w-56 rounded border border-stone-200 bg-white py-2 shadow-lg group-hover:block group-focus-within:block">
                <li>
                  <Link to={localePath(categoryPath(top))} className="block px-4 py-1.5 hover:bg-stone-100">
                    {t('header.allIn', { name: top.name })}
                  </Link>
                </li>
                {top.children.map((child) => (
                  <li key={child.id}>
                    <Link to={localePath(categoryPath(child))} className="block px-4 py-1.5 hover:bg-stone-100">
                      {child.name}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Logo() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <Link to={localePath()} className="text-xl font-semibold tracking-tight">
      {t('site.name')}
    </Link>
  );
}

export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2">
      {t('header.skipToContent')}
    </a>
  );
}

function Header({ root }: { root: RootData }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <header className="border-b border-stone-200">
      <div className="bg-stone-900 text-sm text-white">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-1">
          <p>{t('header.shippingBanner')}</p>
          <LocaleChooser root={root} />
        </div>
      </div>
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-4 px-4 py-3">
        <Logo />
        <CategoryMenu menu={root.bootstrap.menu} />
        {root.bootstrap.settings.theme === 'blue' ? (
          <Link to={localePath('/brands')} className="rounded px-3 py-2 font-medium hover:bg-stone-100">
            {t('header.brands')}
          </Link>
        ) : null}
        <SearchBox />
        <nav aria-label={t('header.account')} className="ml-auto flex items-center gap-3">
          <Link to={localePath('/my-account')} className="hover:underline">
            {root.customer ? t('account.hello', { name: root.customer.first_name }) : t('header.account')}
          </Link>
          <WishlistLink count={root.shopper?.wishlist_product_ids.length ?? 0} />
          <CartLink count={root.shopper?.cart_items ?? 0} />
        </nav>
      </div>
    </header>
  );
}

function Footer({ root }: { root: RootData }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <footer className="mt-16 border-t border-stone-200 bg-stone-50">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <h2 className="font-semibold">{t('site.name')}</h2>
          <p className="mt-2 text-sm text-stone-600">{t('site.tagline')}</p>
        </div>
        <nav aria-labelledby="footer-help">
          <h2 id="footer-help" className="font-semibold">
            {t('footer.help')}
          </h2>
          <ul className="mt-2 space-y-1 text-sm">
            {root.bootstrap.footer_links.map((link) => (
              <li key={link.key}>
                <Link to={localePath(`/${link.slug}`)} className="hover:underline">
                  {link.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="text-sm text-stone-600">
          <h2 className="font-semibold text-stone-900">{t('footer.contactTitle')}</h2>
          <p className="mt-2">{t('footer.contactText')}</p>
          <p className="mt-2">{t('footer.payments')}</p>
        </div>
      </div>
      <p className="pb-6 text-center text-xs text-stone-600">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}

/** The default layout's frame: header with menu, search, chooser, account and cart; footer. */
export function ShopChrome({ root, children }: { root: RootData; children: React.ReactNode }) {
  return (
    <>
      <SkipLink />
      <Header root={root} />
      <FlashMessage />
      <main id="main" tabIndex={-1} className="mx-auto max-w-7xl px-4 outline-none">
        {children}
      </main>
      <Footer root={root} />
    </>
  );
}

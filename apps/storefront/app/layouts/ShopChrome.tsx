import type { CategoryNode } from '@shop/contract';
import { useTranslation } from '~/i18n/use-translation';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useNavigation } from 'react-router';
import { useLang, useLocalePath } from '~/lib/hooks';
import { Drawer, DrawerToggle } from '~/components/Drawer';
import { Icon } from '~/components/Icon';
import { NavigationProgress } from '~/components/NavigationProgress';
import type { RootData } from '~/lib/root-data';
import { FlashMessage } from '~/components/FlashMessage';
import { SearchBox } from '~/features/search/SearchBox';
import { WishlistLink } from '~/features/wishlist/WishlistLink';
import { CartLink } from '~/features/cart/CartLink';
import { LocaleChooser } from '~/components/LocaleChooser';
import { CountryChooser } from '~/features/geo/CountryChooser';
import { ShippingRule } from '~/features/geo/ShippingRule';
import { ConsentSettingsLink } from '~/features/consent/ConsentProvider';
import { consentAwaited } from '~/lib/consent';

// The footer is below the fold: its code loads after the page's (the server renders it whole; until the code is
// there, the server's markup stays as it is, links and forms working; docs/performance.md).
const Footer = lazy(() => import('./Footer').then((module) => ({ default: module.Footer })));
// The country notice shows only until a visitor has chosen a country: its code comes only with it.
const CountryNotice = lazy(() => import('~/features/geo/CountryNotice').then((module) => ({ default: module.CountryNotice })));

export const categoryPath = (category: { id: number; slug: string }) => `/${category.id}-${category.slug}`;

/**
 * The categories: in the menu drawer on a phone (each top category with its subcategories below it), a row
 * with flyouts from `lg` up. A flyout opens on hover only, never on focus alone: the keyboard goes from top
 * category to top category (each page lists its subcategories), not through every subcategory.
 */
function CategoryMenu({ menu }: { menu: CategoryNode[] }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <nav aria-label={t('header.mainMenu')}>
      <ul className="space-y-4 lg:flex lg:flex-wrap lg:gap-1 lg:space-y-0">
        {menu.map((top) => (
          <li key={top.id} className="group relative">
            <Link to={localePath(categoryPath(top))} className="block rounded px-3 py-2 font-semibold hover:bg-stone-100 lg:font-medium">
              {top.name}
            </Link>
            {top.children.length > 0 ? (
              <ul className="pl-3 lg:absolute lg:left-0 lg:z-20 lg:hidden lg:w-56 lg:rounded lg:border lg:border-stone-200 lg:bg-white lg:py-2 lg:pl-0 lg:shadow-lg lg:group-hover:block">
                <li className="hidden lg:block">
                  <Link to={localePath(categoryPath(top))} className="block px-4 py-1.5 hover:bg-stone-100">
                    {t('header.allIn', { name: top.name })}
                  </Link>
                </li>
                {top.children.map((child) => (
                  <li key={child.id}>
                    <Link to={localePath(categoryPath(child))} className="menu-link">
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
    <Link to={localePath()} className="px-1 font-display text-lg font-bold whitespace-nowrap sm:text-xl lg:text-2xl">
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

const ICON_BUTTON = 'flex h-11 w-11 items-center justify-center rounded hover:bg-stone-100 lg:hidden';

/**
 * The banner, then a compact sticky bar: on a phone the menu button, the logo, search, wishlist and cart (the
 * categories, brands and account in the menu drawer; the search field opens under the bar); from `lg` up all
 * of it in one row.
 */
function Header({ root }: { root: RootData }) {
  const { t } = useTranslation();
  const lang = useLang();
  const localePath = useLocalePath();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  useEffect(() => {
    if (searchOpen) document.getElementById('site-search')?.focus();
  }, [searchOpen]);
  const accountLabel = root.customer ? t('account.hello', { name: root.customer.first_name }) : t('header.account');
  return (
    <header>
      {/* One overlay at a time: the country notice waits until the consent dialog is answered. */}
      {root.countryNotice && !consentAwaited(root.consent) ? (
        <Suspense fallback={null}>
          <CountryNotice root={root} />
        </Suspense>
      ) : null}
      <div className="bg-stone-900 text-xs text-white sm:text-sm">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 px-4 py-1">
          <p>
            <ShippingRule root={root} />
          </p>
          <div className="flex items-center">
            <CountryChooser root={root} />
            <LocaleChooser root={root} />
          </div>
        </div>
      </div>
      <div className="sticky top-0 z-40 border-b border-stone-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-1 px-2 py-1 lg:gap-4 lg:px-4 lg:py-3">
          <DrawerToggle href="#site-menu" onClick={() => setMenuOpen(true)} expanded={menuOpen} controls="site-menu" label={t('header.menu')} className={ICON_BUTTON}>
            <Icon name="menu" />
          </DrawerToggle>
          <Logo />
          <Drawer id="site-menu" title={t('header.menu')} open={menuOpen} setOpen={setMenuOpen} wide={MENU_WIDE}>
            {/* A chosen link closes the drawer; the page it opens takes the focus. */}
            <div className="contents" onClick={(event) => (event.target as Element).closest('a') && setMenuOpen(false)}>
              <CategoryMenu menu={root.bootstrap.menu} />
              {root.bootstrap.settings.theme === 'blue' ? (
                <Link to={localePath('/brands')} className="mt-4 block rounded px-3 py-2 font-medium hover:bg-stone-100 lg:mt-0">
                  {t('header.brands')}
                </Link>
              ) : null}
              <Link to={localePath('/my-account')} className="mt-4 block border-t border-stone-200 px-3 pt-4 pb-2 lg:hidden">
                {accountLabel}
              </Link>
            </div>
          </Drawer>
          <SearchBox open={searchOpen || pathname === `/${lang}/search`} />
          <nav aria-label={t('header.account')} className="ml-auto flex items-center sm:gap-1 lg:gap-3">
            {/* Without JavaScript the search page, whose search field is open. */}
            <Link
              to={localePath('/search')}
              onClick={(event) => {
                event.preventDefault();
                setSearchOpen((open) => !open);
              }}
              aria-label={t('header.search')}
              className={ICON_BUTTON}
            >
              <Icon name="search" />
            </Link>
            <Link to={localePath('/my-account')} className="hidden hover:underline lg:block">
              {accountLabel}
            </Link>
            <WishlistLink count={root.shopper?.wishlist_product_ids.length ?? 0} />
            <CartLink count={root.shopper?.cart_items ?? 0} />
          </nav>
        </div>
      </div>
    </header>
  );
}

/** From `lg` up the menu drawer's panel is the header's row of categories. */
const MENU_WIDE = 'lg:w-auto lg:max-w-none lg:flex-row lg:items-center lg:gap-1 lg:overflow-visible lg:bg-transparent lg:p-0 lg:shadow-none';

/** The default layout's frame: header with menu, search, chooser, account and cart; footer. */
export function ShopChrome({ root, children }: { root: RootData; children: React.ReactNode }) {
  const loading = useNavigation().state === 'loading';
  return (
    <>
      <NavigationProgress />
      <SkipLink />
      <Header root={root} />
      <FlashMessage />
      <main id="main" tabIndex={-1} aria-busy={loading || undefined} className="mx-auto max-w-7xl px-4 outline-none">
        {children}
      </main>
      <Suspense fallback={null}>
        <Footer root={root} extra={<ConsentSettingsLink state={root.consent} className="inline-block py-1 underline hover:text-stone-900" />} />
      </Suspense>
    </>
  );
}

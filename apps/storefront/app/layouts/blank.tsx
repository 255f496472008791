import { Outlet } from 'react-router';
import { FlashMessage } from '~/components/FlashMessage';
import { HeadLinks } from '~/components/HeadLinks';
import { LocaleChooser } from '~/components/LocaleChooser';
import { Logo, SkipLink } from './ShopChrome';
import { useFocusMainOnNavigate } from '~/lib/focus';
import { useRootData } from '~/lib/hooks';

/** The quiet layout of sign-in and checkout screens: logo and chooser, no menu to wander off to. */
export default function BlankLayout() {
  const root = useRootData()!;
  useFocusMainOnNavigate();
  return (
    <>
      <SkipLink />
      <header className="border-b border-stone-200">
        <div className="mx-auto flex max-w-3xl items-center justify-between px-4 py-4">
          <Logo />
          <LocaleChooser root={root} />
        </div>
      </header>
      <FlashMessage />
      <main id="main" tabIndex={-1} className="mx-auto max-w-3xl px-4 py-10 outline-none">
        <HeadLinks />
        <Outlet />
      </main>
    </>
  );
}

import { Outlet } from 'react-router';
import { HeadLinks } from '~/components/HeadLinks';
import { ShopChrome } from './ShopChrome';
import { useFocusMainOnNavigate } from '~/lib/focus';
import { useRootData } from '~/lib/hooks';

export default function DefaultLayout() {
  const root = useRootData()!;
  useFocusMainOnNavigate();
  return (
    <ShopChrome root={root}>
      <HeadLinks />
      <Outlet />
    </ShopChrome>
  );
}

import type { Cart } from '@shop/contract';
import { lazy, Suspense } from 'react';

const MiniCart = lazy(() => import('./MiniCart').then((module) => ({ default: module.MiniCart })));

type Props = { cart: Cart | null; open: boolean; onClose: () => void };

/**
 * The mini cart, once an add to the cart worked: its code (with the cart's line summaries) loads then, not with
 * every page that has an add button, and no closed dialog is rendered into each card's HTML
 * (docs/performance.md: first-load JavaScript).
 */
export function LazyMiniCart({ cart, open, onClose }: Props) {
  if (!cart) return null;
  return (
    <Suspense fallback={null}>
      <MiniCart cart={cart} open={open} onClose={onClose} />
    </Suspense>
  );
}

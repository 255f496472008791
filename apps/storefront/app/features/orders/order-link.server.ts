import { ShopApiError } from '~/lib/api/client';
import { pageError } from '~/lib/api/shop.server';

/**
 * The calls of a page about the order its address names, as loadOrFail, except for a guest's link that no longer
 * opens the order: the API answers an expired link, or one whose order an account has since taken, as it answers an
 * unknown order (404). Then null: the page says why order links stop working instead of "Page not found", and says
 * nothing about whether the order exists.
 */
export async function loadByOrderLink<T>(access: { token?: string }, calls: Promise<T>): Promise<T | null> {
  try {
    return await calls;
  } catch (error) {
    if (access.token && error instanceof ShopApiError && error.status === 404) return null;
    return pageError(error);
  }
}

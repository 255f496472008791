import type { Customer, ShopperSummary, UnheldLine } from '@shop/contract';
import { redirect } from 'react-router';
import { ShopApiError } from './api/client';
import { pageError, type ShopApi } from './api/shop.server';
import { sessionCookie, sessionToken } from './session.server';

/** The signed-in customer, or null for a visitor (an expired session counts as signed out). */
export async function currentCustomer(request: Request, api: ShopApi): Promise<Customer | null> {
  if (!sessionToken(request)) return null;
  try {
    return await api('getCustomer', {});
  } catch (error) {
    if (error instanceof ShopApiError && error.status === 401) return null;
    return pageError(error);
  }
}

/**
 * The header's cart count and the saved products (hearts), for a shopper with a session; null without one
 * (a page without a session stays public and cacheable, DESIGN.md §2).
 */
export async function shopperSummary(request: Request, api: ShopApi): Promise<ShopperSummary | null> {
  if (!sessionToken(request)) return null;
  try {
    return await api('getShopperSummary', {});
  } catch (error) {
    return pageError(error);
  }
}

/**
 * The login screen, with the way back to where the visitor was going. The session cookie stays: a guest's
 * session holds their cart and wishlist, which move to the account at sign-in.
 */
export function loginRedirect(request: Request, lang: string): Response {
  const url = new URL(request.url);
  return redirect(`/${lang}/auth/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

/** Headers that sign the visitor in (or out, with null); lib/flash.server's redirect adds the message. */
export function sessionHeaders(request: Request, session: { token: string; expires_at: string } | null): Headers {
  return new Headers({ 'Set-Cookie': sessionCookie(request, session) });
}

/** How many unheld lines a sign-in's message names (the message travels in a cookie). */
const UNHELD_NAMED = 5;

/**
 * The message after a sign-in: a welcome, or, when the merged cart no longer holds some of the guest's units
 * (a cart holds at most 10, ADR 31), which ones ('Linen shirt (M) × 3'), in the names the API gave in the
 * shopper's language.
 */
export function signedInFlash(unheld: UnheldLine[]): string {
  if (unheld.length === 0) return 'loginSuccessful';
  const named = unheld.slice(0, UNHELD_NAMED).map((line) => `${line.name}${line.attributes_label ? ` (${line.attributes_label})` : ''} × ${line.units}`);
  const items = named.join(', ') + (unheld.length > UNHELD_NAMED ? ', …' : '');
  return `cart.signedInUnheld?${new URLSearchParams({ items })}`;
}


import type { BoughtAgain } from '@shop/contract';
import type { TFunction } from 'i18next';
import { serverTranslator } from '~/i18n/i18n.server';
import { loadOrFail } from '~/lib/api/shop.server';
import type { PageContext } from '~/lib/request-context.server';
import { redirectWithFlash } from '~/lib/flash.server';
import { startedSessionHeaders } from '~/lib/session.server';

/** How many left-out items the message names (it travels in a cookie). */
const LEFT_OUT_NAMED = 5;

/**
 * The one-time message after 'Buy again', in the shopper's language: the order is in the cart, or is but for the items
 * named (each with why: sold out, no longer sold, a pre-order to confirm on its page), or none of it could go in.
 */
export function boughtAgainFlash(t: TFunction, reference: string, { left_out: leftOut, items_in_cart: inCart }: Pick<BoughtAgain, 'left_out' | 'items_in_cart'>): string {
  if (leftOut.length === 0) return `account.buyAgain.done?${new URLSearchParams({ reference })}`;
  const named = leftOut
    .slice(0, LEFT_OUT_NAMED)
    .map((item) => t(`account.buyAgain.leftOut.${item.reason}`, { item: item.attributes ? `${item.name} (${item.attributes})` : item.name, quantity: item.quantity }));
  const items = named.join('; ') + (leftOut.length > LEFT_OUT_NAMED ? '; …' : '');
  return `account.buyAgain.${inCart > 0 ? 'partly' : 'none'}?${new URLSearchParams({ reference, items })}`;
}

/** 'Buy again' posted from the order page: the order's items go back in the cart, and the shopper to the cart with the message. */
export async function buyAgain(request: Request, { api, lang }: PageContext, reference: string): Promise<Response> {
  const bought = await loadOrFail(api('buyOrderAgain', { reference }));
  const flash = boughtAgainFlash(await serverTranslator(lang), reference, bought);
  return redirectWithFlash(request, `/${lang}/cart`, flash, startedSessionHeaders(request, bought.cart.session));
}

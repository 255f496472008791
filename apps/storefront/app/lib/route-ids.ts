import { SLUG_WORDS as SLUG } from '@shop/contract';

/**
 * The route id rules of SPEC §2 and §5. A value that fails them is a 404.
 * - product: letters, digits and hyphens (the URL adds `.html`);
 * - category: digits and hyphens, a hyphen, then a slug;
 * - brand: digits, a hyphen, then a slug.
 */
export const PRODUCT_ID = /^[A-Za-z0-9-]+$/;
export const CATEGORY_ID = new RegExp(`^[0-9][0-9-]*-${SLUG}$`);
export const BRAND_ID = new RegExp(`^[0-9]+-${SLUG}$`);

/** The number a shop id starts with: `12-linen-dress` → 12. */
export function leadingNumber(id: string): number | null {
  const match = /^([0-9]+)/.exec(id);
  if (!match) return null;
  const value = Number(match[1]);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** A row id in a path or a form (a review, a product's reviews): digits only, a PostgreSQL integer; else null. */
export function rowId(value: string | undefined): number | null {
  if (!value || !/^[0-9]{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

export type PageTarget =
  | { kind: 'product'; id: number; param: string }
  | { kind: 'category'; id: number; param: string }
  | { kind: 'content'; slug: string }
  | { kind: 'invalid' };

/** A product page's `{id}` (what stands before `.html`): the product's number, or null when the id breaks the rules. */
export function parseProductParam(param: string): number | null {
  return PRODUCT_ID.test(param) ? leadingNumber(param) : null;
}

/**
 * What `/{lang}/{segment}` names: a product page, a category page or a content page. The route table sends
 * `{id}.html` to the product route (routes/product.tsx) and every other segment to routes/page.tsx, which
 * tells a category from a content page with this.
 */
export function parsePageSegment(segment: string): PageTarget {
  if (segment.endsWith('.html')) {
    const param = segment.slice(0, -'.html'.length);
    const id = parseProductParam(param);
    return id ? { kind: 'product', id, param } : { kind: 'invalid' };
  }
  if (/^[0-9]/.test(segment)) {
    const id = CATEGORY_ID.test(segment) ? leadingNumber(segment) : null;
    return id ? { kind: 'category', id, param: segment } : { kind: 'invalid' };
  }
  return new RegExp(`^${SLUG}$`).test(segment) ? { kind: 'content', slug: segment } : { kind: 'invalid' };
}

// The variant a product page's address names (`?g{group}={attribute}`): read by its loader (server) and by its
// page (browser), kept out of product-params.ts so that the page's first script stays one chunk.

/** `?g1=5&g2=17` → { 1: 5, 2: 17 }: the attribute chosen in each attribute group (the variant on show). */
export function readChosenAttributes(search: URLSearchParams): Record<string, number> {
  const chosen: Record<string, number> = {};
  for (const [key, value] of search) {
    const group = /^g([0-9]{1,6})$/.exec(key)?.[1];
    if (group && /^[0-9]{1,9}$/.test(value)) chosen[group] = Number(value);
  }
  return chosen;
}

/** Whether two addresses of a product page differ only in the variant they name (`?g…`). */
export function onlyVariantDiffers(current: URL, next: URL): boolean {
  const rest = (url: URL) => [...url.searchParams].filter(([key]) => !/^g[0-9]{1,6}$/.test(key)).sort(([a], [b]) => a.localeCompare(b)).join('&');
  return current.pathname === next.pathname && rest(current) === rest(next);
}

import { loadOrFail } from '~/lib/api/shop.server';
import { notFound, type PageContext } from '~/lib/request-context.server';

/** SPEC §2: brand pages exist only when the shop's theme is 'blue'; otherwise they are 404s. */
export async function assertBrandPagesEnabled({ api }: PageContext): Promise<void> {
  const { settings } = await loadOrFail(api('bootstrap', {}));
  if (settings.theme !== 'blue') notFound();
}

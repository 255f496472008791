import type { Route } from './+types/data';
import { pageError } from '~/lib/api/shop.server';
import { notFound, pageContext } from '~/lib/request-context.server';

/** Only a post downloads (the account layout's guard has checked the session): a link or a prefetch reads nothing. */
export const loader = () => notFound();

/** Everything the shop holds about the signed-in customer, as a JSON file the browser saves. */
export async function action({ context }: Route.ActionArgs) {
  try {
    const data = await pageContext(context).api('exportMyData', {});
    return new Response(JSON.stringify(data, null, 2), {
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Disposition': `attachment; filename="my-data-${data.exported_at.slice(0, 10)}.json"`,
        'Cache-Control': 'private, no-store',
      },
    });
  } catch (error) {
    return pageError(error);
  }
}

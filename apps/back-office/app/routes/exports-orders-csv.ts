import { staffDownload } from '../lib/api.server';
import type { Route } from './+types/exports-orders-csv';

/** The CSV itself, streamed from the API as it is written (the period is the API's to check). */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const period = new URLSearchParams({ from: params.get('from') ?? '', to: params.get('to') ?? '' });
  return staffDownload(request, `/admin/exports/orders.csv?${period}`);
}

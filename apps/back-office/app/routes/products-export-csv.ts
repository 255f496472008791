import { staffDownload } from '../lib/api.server';
import type { Route } from './+types/products-export-csv';

/** The catalogue's CSV, streamed from the API as it is written. */
export async function loader({ request }: Route.LoaderArgs) {
  return staffDownload(request, '/admin/exports/products.csv');
}

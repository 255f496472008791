import { once } from 'node:events';
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { AdminCallOutput } from '@shop/contract/admin';
import { redirect } from 'react-router';
import { adminApi, staffCall } from '../lib/api.server';
import type { Route } from './+types/subscribers-export';

export const loader = () => redirect('/subscribers');

/**
 * The newsletter's subscribers as CSV, streamed: the export is recorded first (the API's audit log), then the rows
 * go out page by page as the API reads them, never the whole list in memory. Cells that a spreadsheet would run
 * as a formula are escaped.
 */
export async function action({ request }: Route.ActionArgs) {
  await staffCall(request, 'recordSubscribersExport', {});
  const csv = stringify({ header: true, escape_formulas: true, columns: ['email', 'first_name', 'last_name', 'language', 'interests', 'consent_at'] });
  void (async () => {
    let after: number | null = 0;
    while (after !== null) {
      const page: AdminCallOutput<'listSubscribers'> = await adminApi(request, 'listSubscribers', { after });
      for (const row of page.subscribers) {
        if (!csv.write([row.email, row.first_name, row.last_name, row.lang, row.interests.join(' '), row.consent_at ?? ''])) await once(csv, 'drain');
      }
      after = page.next;
    }
    csv.end();
  })().catch((error: unknown) => csv.destroy(error as Error));
  return new Response(Readable.toWeb(csv) as ReadableStream, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="newsletter-subscribers-${new Date().toISOString().slice(0, 10)}.csv"`,
      'Cache-Control': 'no-store',
    },
  });
}

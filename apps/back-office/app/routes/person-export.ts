import { emailSchema } from '@shop/contract';
import { redirect } from 'react-router';
import { staffCall } from '../lib/api.server';
import type { Route } from './+types/person-export';

export const loader = () => redirect('/customers');

/** Everything the shop holds about a person, as a JSON file the browser saves (the API records the export). */
export async function action({ request }: Route.ActionArgs) {
  const email = emailSchema.safeParse((await request.formData()).get('email'));
  if (!email.success) throw new Response('bad_request', { status: 400 });
  const data = await staffCall(request, 'exportPersonalData', { email: email.data });
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="personal-data-${data.exported_at.slice(0, 10)}.json"`,
      'Cache-Control': 'no-store',
    },
  });
}

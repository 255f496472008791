import type { Route } from './+types/password-strength';
import { loadOrFail } from '~/lib/api/shop.server';
import { notFound, pageContext } from '~/lib/request-context.server';
import { readForm } from '~/lib/form-body.server';

/** Only the password fields post here. */
export const loader = () => notFound();

/** The strength meter's answer: the shop API's validatePassword verdict for what the shopper typed. */
export async function action({ request, context }: Route.ActionArgs) {
  const { api } = pageContext(context);
  const password = String((await readForm(request)).get('password') ?? '').slice(0, 1024);
  const check = await loadOrFail(api('validatePassword', { password }));
  return Response.json(check, { headers: { 'Cache-Control': 'no-store' } });
}

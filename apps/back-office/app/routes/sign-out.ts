import { redirect } from 'react-router';
import { adminApi } from '../lib/api.server';
import { clearSession } from '../lib/session.server';
import type { Route } from './+types/sign-out';

/** Signing out is a post (a link or a prefetch must not sign anyone out). */
export const loader = () => redirect('/orders');

export async function action({ request }: Route.ActionArgs) {
  // An ended session is signed out already.
  await adminApi(request, 'staffSignOut', {}).catch(() => undefined);
  return redirect('/sign-in', { headers: { 'Set-Cookie': clearSession(request) } });
}

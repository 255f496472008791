import { Outlet } from 'react-router';
import type { Route } from './+types/layout';
import { requireCustomerMiddleware } from '~/lib/request-context.server';

/**
 * The account screens: only for a signed-in customer. The guard runs before any of their loaders and actions,
 * so a visitor whose session has expired is sent to sign in (and back), never shown an error.
 */
export const middleware: Route.MiddlewareFunction[] = [requireCustomerMiddleware];

export default function AccountLayout() {
  return <Outlet />;
}

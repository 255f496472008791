import type { Route } from './+types/not-found';
import { ErrorScreen } from '~/components/ErrorScreen';
import { notFound } from '~/lib/request-context.server';

/** Any path no other route takes: the 404 screen, with a real 404 status. */
export function loader({ request }: Route.LoaderArgs): never {
  return notFound(new URL(request.url).pathname);
}

/**
 * The loader always throws, so the root error boundary shows the screen inside the shop's frame.
 * A component is still needed: without one the route would be a resource route answering JSON.
 */
export default function NotFound() {
  return <ErrorScreen status={404} />;
}

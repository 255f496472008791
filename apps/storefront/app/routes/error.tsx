import { data } from 'react-router';
import type { Route } from './+types/error';
import { ErrorScreen } from '~/components/ErrorScreen';
import { useFatalError } from '~/components/FatalError';
import { useLocalePath } from '~/lib/hooks';
import { pageContext } from '~/lib/request-context.server';

/** Opened directly, the error screen is SPEC §8's default page error: status 500, 'An error occurred'. */
export function loader({ context }: Route.LoaderArgs) {
  pageContext(context);
  return data(null, { status: 500 });
}

/** Shows the app's fatal error (kept in shared state) and clears it on the way home. */
export default function ErrorRoute() {
  const { fatal, clear } = useFatalError();
  const home = useLocalePath()();
  return <ErrorScreen status={fatal?.status ?? 500} detail={fatal?.message} onGoHome={() => clear({ redirectTo: home })} />;
}

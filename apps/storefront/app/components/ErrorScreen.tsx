import { isRouteErrorResponse, Link, useLocation } from 'react-router';
import { useTranslation } from '~/i18n/use-translation';
import { useLocalePath } from '~/lib/hooks';
import { isNetworkFailure, OfflineScreen } from './OfflineScreen';
import { PageMeta } from './PageMeta';

/** Why a page failed, when the shop knows: each has a translated explanation (common.json errors.reasons). */
const REASONS = [
  'maintenance',
  'unavailable',
  'not_found',
  'bad_request',
  'unauthorized',
  'forbidden',
  'method_not_allowed',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'too_many_requests',
] as const;
export type ErrorReason = (typeof REASONS)[number] | undefined;

export function errorReason(error: unknown): ErrorReason {
  if (!isRouteErrorResponse(error)) return undefined;
  const reason = (error.data as { reason?: string } | null)?.reason;
  return (REASONS as readonly (string | undefined)[]).includes(reason) ? (reason as ErrorReason) : undefined;
}

/** What a thrown error tells the screen: its status, the shop's reason, and a 404's failing path (its data). */
export function errorScreenProps(error: unknown): { status: number; reason: ErrorReason; detail?: string; path?: string; offline: boolean } {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const path = isRouteErrorResponse(error) ? (error.data as { path?: unknown } | null)?.path : undefined;
  return {
    status,
    reason: errorReason(error),
    detail: error instanceof Error ? error.message : undefined,
    path: typeof path === 'string' ? path : undefined,
    offline: isNetworkFailure(error),
  };
}

/** The longest failing path a 404's title repeats (a path can be kilobytes long). */
const SHOWN_PATH_LENGTH = 120;

type Props = { status: number; reason?: ErrorReason; detail?: string; path?: string; offline?: boolean; onGoHome?: () => void };

/** SPEC §2's error screen: 503, 404, and any other error; the offline screen for a page that found no network. */
export function ErrorScreen({ status, reason, detail, path, offline = false, onGoHome }: Props) {
  const { t } = useTranslation();
  const home = useLocalePath()();
  const { pathname } = useLocation();
  const code = <p className="text-sm font-semibold tracking-widest text-stone-500">{status}</p>;

  if (offline) return <OfflineScreen />;

  if (status === 503) {
    return (
      <section className="mx-auto max-w-xl px-4 py-24 text-center" aria-labelledby="error-title">
        {/* The tab's title: the short form of the maintenance message (SPEC §8). */}
        <PageMeta title={reason === 'maintenance' ? t('errors.maintenanceShort') : t('errors.unavailable')} noIndex />
        {code}
        <h1 id="error-title" className="mt-4 text-3xl font-semibold">
          {reason === 'maintenance' ? t('errors.maintenance') : t('errors.unavailable')}
        </h1>
        <p className="mt-4 text-stone-600">{t('errors.retryLater')}</p>
      </section>
    );
  }
  if (status === 404) {
    return (
      <section className="mx-auto max-w-xl px-4 py-24 text-center" aria-labelledby="error-title">
        {/* SPEC §8: 'Page Not Found: {path}', the failing path coming with the 404 as data (else the address shown). */}
        <PageMeta title={t('errors.pageNotFoundPath', { path: (path ?? pathname).slice(0, SHOWN_PATH_LENGTH) })} noIndex />
        {code}
        <h1 id="error-title" className="mt-4 text-3xl font-semibold">
          {t('errors.pageNotFound')}
        </h1>
        <p className="mt-4 text-stone-600">{t('errors.pageNotFoundText')}</p>
        <Link to={home} className="button-primary mt-8 inline-block">
          {t('errors.goHome')}
        </Link>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center" aria-labelledby="error-title">
      <PageMeta title={t('errors.default')} noIndex />
      {code}
      <h1 id="error-title" className="mt-4 text-3xl font-semibold">
        {t('errors.default')}
      </h1>
      {reason ? <p className="mt-4 text-stone-600">{t(`errors.reasons.${reason}`)}</p> : detail ? <p className="mt-4 text-stone-600">{detail}</p> : null}
      {onGoHome ? (
        <button type="button" onClick={onGoHome} className="button-primary mt-8">
          {t('errors.goHome')}
        </button>
      ) : (
        <form method="get" action={home}>
          <button type="submit" className="button-primary mt-8">
            {t('errors.goHome')}
          </button>
        </form>
      )}
    </section>
  );
}

import { intlLocale } from '@shop/contract/constants';
import type { SubmissionResult } from '@conform-to/react';
import type { Checkout, PickupPoint } from '@shop/contract';
import { useTranslation } from '~/i18n/use-translation';
import { Form, useNavigation } from 'react-router';
import { FormAlert } from '~/components/forms/fields';
import { PostForm, useFormPost } from '~/components/forms/form-post';
import { useLang } from '~/lib/hooks';
import { numberFormat } from '~/lib/intl';
import { DeliveryDatesText } from '~/features/geo/DeliveryDates';
import { Section } from './Section';

function PointCard({ point, chosen, busy }: { point: PickupPoint; chosen: boolean; busy: boolean }) {
  const { t } = useTranslation();
  const post = useFormPost({ id: 'checkout-point' });
  const lang = useLang();
  const km = point.distance_km === null ? null : numberFormat(intlLocale(lang), { maximumFractionDigits: 1 }).format(point.distance_km);
  return (
    <li className={`rounded border p-4 ${chosen ? 'border-stone-900' : 'border-stone-300'}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 className="font-semibold">{point.name}</h4>
        {km ? <span className="text-sm text-stone-600">{t('checkout.points.distance', { km })}</span> : null}
      </div>
      <address className="not-italic text-stone-700">
        {point.address1}, {point.postcode} {point.city}
      </address>
      <DeliveryDatesText dates={point.delivery} className="mt-1 text-sm font-medium text-emerald-800" />
      <p className="mt-2 text-sm font-medium">{t('checkout.points.hours')}</p>
      <ul className="text-sm text-stone-700">
        {point.opening_hours.map((slot) => (
          <li key={slot.days}>
            {slot.days}: {slot.hours}
          </li>
        ))}
      </ul>
      <PostForm post={post} className="mt-3">
        <input type="hidden" name="pickup_point_id" value={point.id} />
        <button type="submit" disabled={busy} aria-label={`${t('checkout.points.choose')}: ${point.name}`} className="button-primary disabled:opacity-60">
          {t('checkout.points.choose')}
        </button>
      </PostForm>
    </li>
  );
}

/**
 * Points, a section of the first screen once the carrier is a collection point's: the points near the delivery
 * address are listed at once; a plain GET form (it works without JavaScript, the search stays in the URL)
 * searches near another postcode or city; each point is chosen with its own button.
 */
export function PointsSection({ checkout, points, query, lastResult }: { checkout: Checkout; points: PickupPoint[] | null; query: string; lastResult?: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const refusal = lastResult?.error?.['']?.[0];
  return (
    <Section id="points" title={t('checkout.points.title')}>
      {checkout.pickup_point ? <p className="font-medium">{t('checkout.points.chosen', { name: checkout.pickup_point.name })}</p> : null}
      <FormAlert message={refusal} />
      {points === null ? null : (
        <section aria-live="polite" aria-labelledby="points-found">
          <h3 id="points-found" className="mb-3 font-medium">
            {points.length === 0 ? t('checkout.points.none', { query }) : t('checkout.points.found', { count: points.length, query })}
          </h3>
          <ul className="grid gap-3 sm:grid-cols-2">
            {points.map((point) => (
              <PointCard key={point.id} point={point} chosen={point.id === checkout.pickup_point?.id} busy={busy} />
            ))}
          </ul>
        </section>
      )}
      <Form method="get" role="search" className="space-y-2">
        <input type="hidden" name="step" value="points" />
        <p className="text-stone-700">{t('checkout.points.searchIntro')}</p>
        <label htmlFor="pudo-query" className="block font-medium">
          {t('checkout.points.searchLabel')}
        </label>
        <div className="flex gap-2">
          <input
            id="pudo-query"
            name="q"
            defaultValue={query || checkout.shipping_address?.postcode}
            minLength={2}
            maxLength={64}
            required
            autoComplete="postal-code"
            className="min-w-0 flex-1 rounded border border-stone-400 px-3 py-2"
          />
          <button type="submit" className="button-primary" aria-busy={busy || undefined}>
            {t('checkout.points.search')}
          </button>
        </div>
      </Form>
    </Section>
  );
}

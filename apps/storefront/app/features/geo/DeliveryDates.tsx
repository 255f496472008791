import { intlLocale } from '@shop/contract/constants';
import type { DeliveryDates } from '@shop/contract';
import { useTranslation } from '~/i18n/use-translation';
import { useLang } from '~/lib/hooks';
import { dateFormat } from '~/lib/intl';

/**
 * When a delivery is expected, in the page's language: 'Delivered Tue 1 Dec – Thu 3 Dec', or one day. The dates are
 * the API's (docs/adr/0049-delivery-dates-and-buying-again.md), calendar days formatted as such (UTC: no shift).
 */
export function useDeliveryText(): (dates: DeliveryDates) => string {
  const { t } = useTranslation();
  const format = dateFormat(intlLocale(useLang()), { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
  // A day never breaks over two lines ('Do., 3. Dez.'): the range may.
  const day = (iso: string) => format.format(new Date(`${iso}T00:00:00Z`)).replace(/ /g, '\u00a0');
  return ({ from, to }) => (from === to ? t('geo.delivery.day', { date: day(from) }) : t('geo.delivery.range', { from: day(from), to: day(to) }));
}

/** What a carrier promises: its dates where the API gives them (or gave them, for an order), else its working days. */
export function useCarrierPromise(): (carrier: { delivery?: DeliveryDates | null; delivery_days: { min: number; max: number } }) => string {
  const { t } = useTranslation();
  const text = useDeliveryText();
  return (carrier) => (carrier.delivery ? text(carrier.delivery) : t('checkout.delivery.days', carrier.delivery_days));
}

/** The expected delivery as a line of text (nothing where no date is promised). */
export function DeliveryDatesText({ dates, className }: { dates: DeliveryDates | null | undefined; className?: string }) {
  const text = useDeliveryText();
  return dates ? <p className={className}>{text(dates)}</p> : null;
}

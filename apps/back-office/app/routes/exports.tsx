import { useTranslation } from 'react-i18next';
import { buttonClass, inputClass } from '../lib/forms';

/** The accountant's export: a period's orders as CSV, a plain GET form to the file (routes/exports-orders-csv.ts). */
export default function Exports() {
  const { t } = useTranslation();
  const today = new Date().toISOString().slice(0, 10);
  const firstOfMonth = `${today.slice(0, 8)}01`;
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t('exports.title')}</h1>
      <p className="mb-4 max-w-prose">{t('exports.intro')}</p>
      <form method="get" action="/exports/orders.csv" className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="from">{t('exports.from')}</label>
          <input id="from" name="from" type="date" required defaultValue={firstOfMonth} className={inputClass} />
        </div>
        <div>
          <label htmlFor="to">{t('exports.to')}</label>
          <input id="to" name="to" type="date" required defaultValue={today} className={inputClass} />
        </div>
        <button type="submit" className={buttonClass}>
          {t('exports.download')}
        </button>
      </form>
    </>
  );
}

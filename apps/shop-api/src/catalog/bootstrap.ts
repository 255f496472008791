import { COUNTRY_STATES, STOREFRONT_LANGUAGES, type Bootstrap, type Country, type Lang } from '@shop/contract';
import { sql } from 'drizzle-orm';
import type { CallContext } from '../call-context.ts';
import type { Database } from '../db/client.ts';
import { selectRows } from '../db/raw.ts';
import { loadCategoryTree } from './categories.ts';
import { footerLinks } from './content.ts';
import { notFound } from '../http/errors.ts';

/** Each language named in itself, as a language chooser shows it. */
const LANGUAGE_LABELS: Record<Lang, string> = { en: 'English', fr: 'Français', it: 'Italiano', es: 'Español', de: 'Deutsch' };

/** The countries the shop sells to, with their delivery times and the states or provinces an address there names. */
export async function listCountries(db: Database): Promise<Country[]> {
  const rows = await selectRows<Omit<Country, 'states' | 'delivery_days'> & { min_days: number | null; max_days: number | null }>(
    db,
    sql`select c.iso, c.group_key as "group", c.vat_rate_bp, c.free_shipping_from_cents as free_shipping_from,
        (select coalesce(json_agg(json_build_object('brand_id', bf.brand_id, 'from', bf.from_cents) order by bf.brand_id), '[]'::json)
          from brand_free_shipping bf where bf.country_iso = c.iso) as brand_free_shipping,
        min(r.min_days)::int as min_days, max(r.max_days)::int as max_days
      from countries c
      left join carrier_rates r on r.group_key = c.group_key
        and exists (select 1 from carriers k where k.id = r.carrier_id and k.is_active)
      where c.is_active group by c.iso order by c.iso`,
  );
  return rows.map(({ min_days, max_days, ...row }) => ({
    ...row,
    delivery_days: min_days === null || max_days === null ? null : { min: min_days, max: max_days },
    states: [...(COUNTRY_STATES[row.iso] ?? [])],
  }));
}

export async function getCountry(db: Database, iso: string): Promise<Country> {
  const country = (await listCountries(db)).find((candidate) => candidate.iso === iso);
  if (!country) throw notFound('Country');
  return country;
}

export async function getCountries(db: Database) {
  const countries = await listCountries(db);
  const groups = [...new Set(countries.map((country) => country.group))].map((key) => ({
    key,
    countries: countries.filter((country) => country.group === key).map((country) => country.iso),
  }));
  return { countries, groups };
}

export async function bootstrap({ db, lang, config }: CallContext): Promise<Bootstrap> {
  const [tree, countries, links] = await Promise.all([loadCategoryTree(db, lang), listCountries(db), footerLinks(db, lang)]);
  return {
    settings: {
      maintenance_mode: config.maintenanceMode,
      theme: config.theme,
      gtm_id: config.gtmId,
      currency: config.currency,
      default_country: config.defaultCountry,
    },
    languages: STOREFRONT_LANGUAGES.map((code) => ({ code, label: LANGUAGE_LABELS[code], language: code })),
    countries,
    menu: tree.menu(),
    footer_links: links,
  };
}

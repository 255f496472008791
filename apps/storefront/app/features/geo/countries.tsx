import type { Country } from '@shop/contract';
import { useTranslation } from '~/i18n/use-translation';
import { useLang } from '~/lib/hooks';
import { displayNames } from '~/lib/intl';

/** Country names in the shopper's language, from the browser's own data (no translation files). */
export function countryName(iso: string, lang: string): string {
  return displayNames(lang, { type: 'region' }).of(iso) ?? iso;
}

/** The group keys the texts name (geo.groups); a group added later is shown as 'Other countries'. */
const NAMED_GROUPS = ['EU', 'EUROPE_OTHER', 'WORLD'];

/**
 * The shop's countries as options of a select: one group per country group (European Union, rest of Europe,
 * rest of the world), in the shop's order, each sorted by name in the shopper's language.
 */
export function CountryOptions({ countries }: { countries: Array<Pick<Country, 'iso' | 'group'>> }) {
  const { t } = useTranslation();
  const lang = useLang();
  const groups = [...new Set(countries.map((country) => country.group))];
  return (
    <>
      {groups.map((group) => (
        <optgroup key={group} label={NAMED_GROUPS.includes(group) ? t(`geo.groups.${group}`) : t('geo.groups.other')}>
          {countries
            .filter((country) => country.group === group)
            .map((country) => ({ iso: country.iso, name: countryName(country.iso, lang) }))
            .sort((a, b) => a.name.localeCompare(b.name, lang))
            .map((country) => (
              <option key={country.iso} value={country.iso}>
                {country.name}
              </option>
            ))}
        </optgroup>
      ))}
    </>
  );
}

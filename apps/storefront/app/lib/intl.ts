/**
 * Intl's formatters, each made once per locale and options. Making one costs tens of microseconds (it loads the
 * locale's data), and a page formats hundreds of prices and names sixty countries, component by component: made
 * anew on every render, they were a visible share of a server render. Locales are the shop's languages and the
 * options are the code's own, so there are a few dozen at most.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.DisplayNames>();

function madeOnce<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.DisplayNames>(kind: string, locale: string, options: object, make: () => T): T {
  const key = `${kind} ${locale} ${JSON.stringify(options)}`;
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

export const numberFormat = (locale: string, options: Intl.NumberFormatOptions) => madeOnce('number', locale, options, () => new Intl.NumberFormat(locale, options));

export const dateFormat = (locale: string, options: Intl.DateTimeFormatOptions) => madeOnce('date', locale, options, () => new Intl.DateTimeFormat(locale, options));

export const displayNames = (locale: string, options: Intl.DisplayNamesOptions) => madeOnce('names', locale, options, () => new Intl.DisplayNames([locale], options));

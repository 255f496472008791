/** Money in cents as the staff member's language writes it. */
export const money = (cents: number, currency: string, lang: string) => new Intl.NumberFormat(lang, { style: 'currency', currency }).format(cents / 100);

/** A date and time as the staff member's language writes it, in the shop's time (the server's). */
export const dateTime = (iso: string, lang: string) => new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

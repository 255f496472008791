/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, a tab or carriage return first) is written after a quote,
 * which makes it text (the exports' formula injection guard).
 */
export const spreadsheetSafe = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** A cell as an export wrote it, read back: the guard's quote taken off again, so that a round trip changes nothing. */
export const fromSpreadsheet = (value: string) => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

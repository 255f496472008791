import type { Invoice } from '@shop/contract';
import { euVat, stdnum } from 'stdnum';
import { ApiError } from '../http/errors.ts';

/**
 * Invoicing rules (SPEC §5). An invoice is issued only with a valid number: an EU VAT number that passes its
 * country's format and checksum (and VIES, when configured and reachable); in Italy a partita IVA or a codice
 * fiscale, plus a PEC address or a 7-character SDI code for the electronic invoice.
 */

type InvoiceInput = { requested: boolean; vat_number: string; fiscal_code: string; pec: string; sdi: string };
type Validator = { validate: (value: string) => { isValid: boolean; compact?: string } };

const NO_INVOICE: Invoice = { requested: false, vat_number: '', fiscal_code: '', pec: '', sdi: '', issued: false, vat_check: 'none' };
const SDI_CODE = /^[A-Z0-9]{7}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What VIES said of a number: registered, not registered, or nothing (not configured, not reachable). */
export type ViesAnswer = 'valid' | 'invalid' | 'unreachable';

/** Asks the EU's VIES REST service; a slow or failing VIES never blocks an order (the number stays unverified). */
export async function askVies(viesUrl: string, countryCode: string, vatNumber: string): Promise<ViesAnswer> {
  try {
    const response = await fetch(`${viesUrl}/check-vat-number`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ countryCode, vatNumber }),
      signal: AbortSignal.timeout(3000),
    });
    if (!response.ok) return 'unreachable';
    const answer = (await response.json()) as { valid?: unknown };
    return answer.valid === true ? 'valid' : answer.valid === false ? 'invalid' : 'unreachable';
  } catch {
    return 'unreachable';
  }
}

function refuse(code: 'vat_number_invalid' | 'fiscal_code_invalid' | 'invoice_incomplete', field: keyof InvoiceInput, message: string): never {
  throw new ApiError(400, code, message, { errors: { [`invoice.${field}`]: [message] } });
}

/** The number without its country prefix and separators, when one of the validators accepts it; null otherwise. */
function validNumber(validators: Validator | Validator[], value: string): string | null {
  for (const validator of [validators].flat()) {
    const result = validator.validate(value);
    if (result.isValid) return result.compact ?? value;
  }
  return null;
}

/** Italian electronic invoices: a partita IVA or a codice fiscale, and a PEC address or an SDI code. */
function italianInvoice(input: InvoiceInput): Invoice {
  if (!input.vat_number && !input.fiscal_code) refuse('invoice_incomplete', 'vat_number', 'An Italian invoice needs a VAT number (partita IVA) or a fiscal code');
  const vatNumber = input.vat_number ? validNumber(stdnum.IT!.iva as Validator, input.vat_number) : '';
  if (vatNumber === null) refuse('vat_number_invalid', 'vat_number', 'This VAT number is not valid');
  // A company's codice fiscale is its 11-digit partita IVA; a person's has 16 characters. Both with their checksums.
  const fiscalCode = input.fiscal_code ? validNumber([stdnum.IT!.codicefiscale as Validator, stdnum.IT!.iva as Validator], input.fiscal_code) : '';
  if (fiscalCode === null) refuse('fiscal_code_invalid', 'fiscal_code', 'This fiscal code is not valid');
  if (!input.pec && !input.sdi) refuse('invoice_incomplete', 'sdi', 'An Italian invoice needs a PEC address or an SDI code');
  if (input.pec && !EMAIL.test(input.pec)) refuse('invoice_incomplete', 'pec', 'Please enter a valid email address.');
  if (input.sdi && !SDI_CODE.test(input.sdi)) refuse('invoice_incomplete', 'sdi', 'An SDI code has 7 letters or digits');
  return { requested: true, vat_number: vatNumber, fiscal_code: fiscalCode, pec: input.pec, sdi: input.sdi, issued: true, vat_check: 'none' };
}

/**
 * The invoice the order will have, for a billing address in `country`; a number that cannot be right is refused
 * (400 with the field). `vies` is asked only for an EU number that passed its checksum.
 */
export async function checkInvoice(input: InvoiceInput | undefined, country: string, vies: ((country: string, number: string) => Promise<ViesAnswer>) | null): Promise<Invoice> {
  if (!input?.requested) return NO_INVOICE;
  const base = { ...NO_INVOICE, requested: true, pec: input.pec, sdi: input.sdi };
  let invoice = country === 'IT' ? italianInvoice(input) : base;
  const validator = (euVat as Record<string, Validator[] | undefined>)[country];
  if (country !== 'IT') {
    // Without a number the shopper gets no invoice, and is told so (issued: false); a wrong number is refused.
    if (!input.vat_number) return base;
    if (!validator) return { ...base, vat_number: input.vat_number, issued: true, vat_check: 'none' };
    const number = validNumber(validator, input.vat_number);
    if (number === null) refuse('vat_number_invalid', 'vat_number', 'This VAT number is not valid');
    invoice = { ...base, vat_number: number, issued: true };
  }
  if (!invoice.vat_number || !validator) return invoice;
  if (!vies) return { ...invoice, vat_check: 'unverified' };
  const answer = await vies(country, invoice.vat_number);
  if (answer === 'invalid') refuse('vat_number_invalid', 'vat_number', 'This VAT number is not registered for intra-community trade (VIES)');
  return { ...invoice, vat_check: answer === 'valid' ? 'verified' : 'unverified' };
}

import { TEXT_LANGUAGES } from '@shop/contract';
import { registerInput } from '@shop/contract/account';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createI18n, loadResources } from '~/i18n/i18n';
import { placeOrderForm } from '~/features/checkout/forms';
import { parseForm } from './parse';

async function translator(lang: 'en' | 'de') {
  return createI18n(lang, await loadResources(lang)).t;
}

/** Validates one field value with a rule and returns the messages the shopper would read. */
async function messagesFor(schema: z.ZodType, value: string | string[] | undefined, lang: 'en' | 'de' = 'en') {
  const formData = new FormData();
  for (const each of value === undefined ? [] : [value].flat()) formData.append('field', each);
  const submission = parseForm(formData, z.object({ field: schema }), await translator(lang), { field: lang === 'en' ? 'City' : 'Stadt' });
  return submission.status === 'error' ? (submission.error?.field ?? []) : [];
}

describe('the generic rule set (SPEC §5) in the shopper’s language', () => {
  it.each([
    ['required', z.string().min(1), '', 'City is required.'],
    ['email', z.email(), 'not-an-email', 'Please enter a valid email address.'],
    ['min', z.string().min(3), 'ab', 'City must be at least 3 characters.'],
    ['max', z.string().max(3), 'abcd', 'City may not be more than 3 characters.'],
    ['length', z.string().length(5), 'abc', 'City must be exactly 5 characters.'],
    ['matches', z.string().regex(/^[0-9]+$/), 'abc', 'City is not in the right format.'],
    ['url', z.url(), 'nope', 'Please enter a valid web address.'],
    ['number', z.number(), 'abc', 'City must be a number.'],
    ['starts with', z.string().startsWith('IT'), 'FR123', 'City must start with IT.'],
    ['ends with', z.string().endsWith('.pdf'), 'file.txt', 'City must end with .pdf.'],
    ['accepted', z.literal(true), undefined, 'City must be accepted.'],
    ['date', z.iso.date(), '31/12/2026', 'Please enter a valid date (YYYY-MM-DD).'],
  ])('%s', async (_rule, schema, value, message) => {
    expect(await messagesFor(schema as z.ZodType, value)).toEqual([message]);
  });

  it('words custom rules: uppercase, lowercase, alpha, contains symbol, mime', async () => {
    const custom = (rule: string, params: Record<string, unknown> = {}) =>
      z.string().refine(() => false, { params: { rule, ...params } });
    expect(await messagesFor(custom('uppercase'), 'x')).toEqual(['City must contain an uppercase letter.']);
    expect(await messagesFor(custom('lowercase'), 'x')).toEqual(['City must contain a lowercase letter.']);
    expect(await messagesFor(custom('alpha'), 'x')).toEqual(['City may only contain letters.']);
    expect(await messagesFor(custom('contains_symbol'), 'x')).toEqual(['City must contain a special character.']);
    expect(await messagesFor(custom('mime', { types: 'image/png' }), 'x')).toEqual(['City must be a file of type: image/png.']);
  });

  it.each(TEXT_LANGUAGES)('%s: each unticked consent box of the checkout says, in a sentence of its own, what to do', async (lang) => {
    const { t } = createI18n(lang, await loadResources(lang));
    const data = new FormData();
    data.set('idempotency_key', 'a'.repeat(16));
    const submission = parseForm(data, placeOrderForm, t, {});
    const errors = submission.status === 'error' ? submission.error : {};
    expect(errors?.accept_terms).toEqual([t('validation.acceptTerms')]);
    expect(errors?.accept_privacy).toEqual([t('validation.acceptPrivacy')]);
    expect(errors?.accept_terms?.[0]).not.toBe(errors?.accept_privacy?.[0]);
    if (lang === 'en') expect(errors?.accept_terms).toEqual(['Please accept the terms of sale to place your order.']);
  });

  it('speaks German too', async () => {
    const [message] = await messagesFor(z.string().min(1), '', 'de');
    expect(message).toContain('Stadt');
    expect(message).not.toBe('Stadt is required.');
  });

  it('explains the password policy with the spec’s messages', async () => {
    const t = await translator('en');
    const form = (password: string) => {
      const data = new FormData();
      data.set('password', password);
      const submission = parseForm(data, registerInput.pick({ password: true }), t, { password: 'Password' });
      return submission.status === 'error' ? submission.error?.password : undefined;
    };
    expect(form('')).toEqual(['Password is required']);
    expect(form('Ab1!')).toEqual(['Password must be at least 8 characters']);
    expect(form('abcdefgh')).toEqual(['Password must meet the following requirements: an uppercase letter, a digit, a special character']);
    expect(form(`Aa1!${'x'.repeat(130)}`)).toEqual(['Password may not be more than 128 characters']);
    expect(form('Sunny-Linen-42')).toBeUndefined();
  });
});

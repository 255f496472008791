import type { TFunction } from 'i18next';

/** The parts of a zod issue a message is made from (zod 4's issue shapes, loosely typed). */
export type FormIssue = {
  code: string;
  input?: unknown;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  exact?: boolean;
  format?: string;
  prefix?: string;
  suffix?: string;
  values?: unknown[];
  expected?: string;
  params?: Record<string, unknown>;
};

/** Consent boxes with a sentence of their own, rather than the generic '{name} must be accepted.'. */
const CONSENT_MESSAGES: Record<string, string> = { accept_terms: 'validation.acceptTerms', accept_privacy: 'validation.acceptPrivacy' };

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/**
 * The generic rule set of SPEC §5 as translated messages: each zod issue becomes the rule it breaks
 * (required, email, min, max, length, between, confirm, matches, url, number, date, alpha, contains symbol,
 * uppercase, lowercase, mime, starts with, ends with, accepted…), worded for the field's label.
 * `empty` says whether the shopper left the field blank (zod's issues do not carry the input).
 */
export function issueMessage(issue: FormIssue, t: TFunction, label: string, field = '', empty = isEmpty(issue.input)): string {
  const name = label;
  const isPassword = /password/.test(field);
  const rule = issue.params?.rule as string | undefined;
  // A review's overall rating missing or out of range: SPEC §5's own words.
  if (field === 'rating' && ['invalid_type', 'too_small', 'too_big'].includes(issue.code)) return t('validation.ratingRequired');
  switch (issue.code) {
    case 'invalid_type':
      if (empty) return isPassword ? t('validation.passwordRequired') : t('validation.required', { name });
      return issue.expected === 'number' ? t('validation.number', { name }) : t('validation.invalid', { name });
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string' && (min <= 1 || empty)) {
        return isPassword ? t('validation.passwordRequired') : t('validation.required', { name });
      }
      if (issue.origin === 'string') {
        if (issue.exact) return t('validation.length', { name, length: min });
        return isPassword ? t('validation.passwordTooShort', { min }) : t('validation.min', { name, min });
      }
      if (issue.origin === 'array' || issue.origin === 'set') return t('validation.choose', { name });
      return t('validation.minNumber', { name, min });
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') {
        if (issue.exact) return t('validation.length', { name, length: max });
        return isPassword ? t('validation.passwordTooLong', { max }) : t('validation.max', { name, max });
      }
      return t('validation.maxNumber', { name, max });
    }
    case 'invalid_format':
      switch (issue.format) {
        case 'email':
          return t('validation.email');
        case 'url':
          return t('validation.url');
        case 'starts_with':
          return t('validation.startsWith', { name, value: issue.prefix });
        case 'ends_with':
          return t('validation.endsWith', { name, value: issue.suffix });
        case 'date':
        case 'datetime':
          return t('validation.date', { format: 'YYYY-MM-DD' });
        default:
          return field === 'phone' ? t('validation.phone') : t('validation.matches', { name });
      }
    case 'invalid_value':
      if (issue.values?.length !== 1 || issue.values[0] !== true) return t('validation.choose', { name });
      return CONSENT_MESSAGES[field] ? t(CONSENT_MESSAGES[field]) : t('validation.accepted', { name });
    case 'custom':
      return customRuleMessage(rule, issue, t, name);
    default:
      return t('validation.invalid', { name });
  }
}

function customRuleMessage(rule: string | undefined, issue: FormIssue, t: TFunction, name: string): string {
  switch (rule) {
    case 'password_requirements': {
      const broken = (issue.params?.broken as string[] | undefined) ?? [];
      return t('validation.passwordRequirements', { rules: broken.map((each) => t(`validation.passwordRule.${each}`)).join(', ') });
    }
    case 'too_weak':
      return t('validation.passwordTooWeak');
    case 'passwords_match':
      return t('validation.passwordsDoNotMatch');
    case 'confirm':
      return t('validation.confirm', { name });
    case 'return_items':
      return t('validation.returnItems');
    case 'postcode':
    case 'state':
    case 'alpha':
    case 'uppercase':
    case 'lowercase':
    case 'digit':
      return t(`validation.${rule}`, { name });
    case 'contains_symbol':
      return t('validation.containsSymbol', { name });
    case 'mime':
      return t('validation.mime', { name, types: String(issue.params?.types ?? '') });
    default:
      return t('validation.invalid', { name });
  }
}

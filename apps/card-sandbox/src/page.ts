import { escapeHtml, pageDocument } from '@shop/sandbox-kit';
import { fill, MESSAGES, type Locale, type Messages } from './messages.ts';
import { fillSessionUrl, type Session } from './store.ts';

/** The hosted page: plain HTML forms, no script, one style sheet (page.css). */

export const FIELDS = ['cardholder_name', 'card_number', 'expiry', 'cvc'] as const;
export type Field = (typeof FIELDS)[number];
export type FieldErrors = Partial<Record<Field, string>>;

export function formatAmount(amount: number, currency: string, locale: Locale): string {
  try {
    const format = new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(amount / 10 ** digits);
  } catch {
    return `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

function layout(locale: Locale, title: string, body: string): string {
  return pageDocument({ locale, title, stylesheet: '/pay/assets/page.css', body });
}

function header(session: Session, merchant: string, t: Messages): string {
  const amount = formatAmount(session.amount, session.currency, session.locale);
  return `<h1>${escapeHtml(fill(t.title, { merchant }))}</h1>
<p class="test-mode">${escapeHtml(t.testMode)}</p>
<dl class="summary"><dt>${escapeHtml(t.amount)}</dt><dd id="amount">${escapeHtml(amount)}</dd></dl>`;
}

type Label = { label: keyof Messages; hint?: keyof Messages; autocomplete: string; inputmode?: string; size: number; maxlength: number };
const FIELD_LABELS: Record<Field, Label> = {
  cardholder_name: { label: 'name', autocomplete: 'cc-name', size: 30, maxlength: 100 },
  card_number: { label: 'number', autocomplete: 'cc-number', inputmode: 'numeric', size: 23, maxlength: 23 },
  expiry: { label: 'expiry', hint: 'expiryHint', autocomplete: 'cc-exp', inputmode: 'numeric', size: 7, maxlength: 7 },
  cvc: { label: 'cvc', hint: 'cvcHint', autocomplete: 'cc-csc', inputmode: 'numeric', size: 4, maxlength: 4 },
};

/**
 * The payment form. `values` refills the name and the expiry after an error; the card number and the security
 * code are never written back into a page.
 */
export function payPage(input: {
  session: Session;
  merchant: string;
  errors?: FieldErrors;
  /** A decline or a failed authentication: said at the top and tied to the card number. */
  paymentError?: string;
  values?: { cardholder_name?: string; expiry?: string };
}): string {
  const { session, merchant, errors = {}, paymentError, values = {} } = input;
  const t = MESSAGES[session.locale];
  const amount = formatAmount(session.amount, session.currency, session.locale);
  const problems = [
    ...(paymentError ? [{ field: 'card_number' as Field, message: paymentError }] : []),
    ...FIELDS.filter((field) => errors[field]).map((field) => ({ field, message: errors[field] as string })),
  ];
  const summary = problems.length
    ? `<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1">
<h2 id="error-summary-title">${escapeHtml(t.errorSummary)}</h2>
<ul>${problems.map((problem) => `<li><a href="#${problem.field}">${escapeHtml(problem.message)}</a></li>`).join('')}</ul>
</div>`
    : '';
  const firstInvalid = problems[0]?.field;
  const inputs = FIELDS.map((field) => {
    const spec = FIELD_LABELS[field];
    const message = field === 'card_number' && paymentError ? paymentError : errors[field];
    const describedBy = [spec.hint ? `${field}-hint` : null, message ? `${field}-error` : null].filter(Boolean).join(' ');
    const value = field === 'cardholder_name' || field === 'expiry' ? (values[field] ?? '') : '';
    return `<div class="field${message ? ' field-invalid' : ''}">
<label for="${field}">${escapeHtml(t[spec.label])}</label>
${spec.hint ? `<p class="hint" id="${field}-hint">${escapeHtml(t[spec.hint])}</p>\n` : ''}${message ? `<p class="error" id="${field}-error">${escapeHtml(message)}</p>\n` : ''}<input id="${field}" name="${field}" type="text" autocomplete="${spec.autocomplete}"${spec.inputmode ? ` inputmode="${spec.inputmode}"` : ''} size="${spec.size}" maxlength="${spec.maxlength}" required${value ? ` value="${escapeHtml(value)}"` : ''}${describedBy ? ` aria-describedby="${describedBy}"` : ''}${message ? ' aria-invalid="true"' : ''}${field === firstInvalid ? ' autofocus' : ''}>
</div>`;
  }).join('\n');
  return layout(
    session.locale,
    `${problems.length ? '! ' : ''}${fill(t.title, { merchant })}`,
    `${header(session, merchant, t)}
${summary}
<form method="post" action="/pay/${escapeHtml(session.id)}" novalidate>
${inputs}
<button type="submit">${escapeHtml(fill(t.pay, { amount }))}</button>
</form>
<p class="cancel"><a href="${escapeHtml(fillSessionUrl(session.cancelUrl, session.id))}">${escapeHtml(t.cancel)}</a></p>`,
  );
}

/** The 3-D Secure challenge: the shopper's bank asks them to confirm. */
export function challengePage(session: Session, merchant: string, challengeId: string): string {
  const t = MESSAGES[session.locale];
  const amount = formatAmount(session.amount, session.currency, session.locale);
  return layout(
    session.locale,
    t.authTitle,
    `<h1>${escapeHtml(t.authTitle)}</h1>
<p class="test-mode">${escapeHtml(t.testMode)}</p>
<p>${escapeHtml(fill(t.authText, { amount, merchant }))}</p>
<form method="post" action="/pay/${escapeHtml(session.id)}/authenticate">
<input type="hidden" name="challenge" value="${escapeHtml(challengeId)}">
<button type="submit" name="outcome" value="complete">${escapeHtml(t.authComplete)}</button>
<button type="submit" name="outcome" value="fail" class="secondary">${escapeHtml(t.authFail)}</button>
</form>`,
  );
}

/** A session that cannot be paid any more (expired), with the way back to the shop. */
export function closedPage(session: Session): string {
  const t = MESSAGES[session.locale];
  const back = session.status === 'complete' ? session.successUrl : session.cancelUrl;
  const title = session.status === 'complete' ? t.paidTitle : t.expiredTitle;
  return layout(
    session.locale,
    title,
    `<h1>${escapeHtml(title)}</h1>
<p><a href="${escapeHtml(fillSessionUrl(back, session.id))}">${escapeHtml(t.backToShop)}</a></p>`,
  );
}

export function notFoundPage(): string {
  return layout('en', 'Payment page not found', '<h1>Payment page not found</h1>\n<p>This payment link is not valid.</p>');
}

export const PAGE_CSS = `*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1a1a1a;background:#f4f5f7}
main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:.5rem;box-shadow:0 1px 3px rgba(0,0,0,.15)}
h1{font-size:1.4rem;margin:0 0 .5rem}
h2{font-size:1rem;margin:0 0 .25rem}
.test-mode{margin:0 0 1rem;padding:.25rem .5rem;background:#fff4d6;color:#5c4400;border-radius:.25rem;font-size:.875rem}
.summary{display:flex;justify-content:space-between;margin:0 0 1rem;font-size:1.1rem}
.summary dd{margin:0;font-weight:700}
.field{margin:0 0 1rem}
label{display:block;font-weight:600}
.hint{margin:0;color:#4a4a4a;font-size:.875rem}
.error{margin:0;color:#b00020;font-weight:600}
input{width:100%;padding:.5rem;font:inherit;border:1px solid #767676;border-radius:.25rem}
.field-invalid input{border:2px solid #b00020}
input:focus,button:focus,a:focus{outline:3px solid #1a5fb4;outline-offset:2px}
button{display:block;width:100%;margin:.5rem 0;padding:.75rem;font:inherit;font-weight:700;color:#fff;background:#1a5fb4;border:0;border-radius:.25rem;cursor:pointer}
button.secondary{color:#1a1a1a;background:#e0e0e0}
.error-summary{margin:0 0 1rem;padding:.75rem;border:2px solid #b00020;border-radius:.25rem}
.error-summary ul{margin:0;padding-left:1.25rem}
.error-summary a{color:#b00020}
.cancel{text-align:center}
a{color:#1a5fb4}
`;

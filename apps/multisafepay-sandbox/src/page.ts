import { escapeHtml, pageDocument } from '@shop/sandbox-kit';
import { fill, MESSAGES, type Locale, type Messages } from './messages.ts';
import { IDEAL_ISSUERS, TRANSFER_ACCOUNT, type Method, type SandboxOrder } from './store.ts';

/** The payment page: plain HTML forms, no script, one style sheet (page.css), in the order's language. */

export function formatAmount(amount: number, currency: string, locale: Locale): string {
  try {
    const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(amount / 10 ** digits);
  } catch {
    return `${(amount / 100).toFixed(2)} ${currency}`;
  }
}

/** Where MultiSafepay sends the shopper back: the merchant's URL with `transactionid=<order_id>` added. */
export function returnUrl(url: string, orderId: string): string {
  const target = new URL(url);
  target.searchParams.set('transactionid', orderId);
  return target.toString();
}

function layout(locale: Locale, title: string, body: string): string {
  return pageDocument({ locale, title, stylesheet: '/pay/assets/page.css', body });
}

type PageInput = { order: SandboxOrder; merchant: string };

function header({ order, merchant }: PageInput, t: Messages): string {
  return `<h1>${escapeHtml(fill(t.title, { merchant }))}</h1>
<p class="test-mode">${escapeHtml(t.testMode)}</p>
<dl class="summary">
<dt>${escapeHtml(t.description)}</dt><dd>${escapeHtml(order.description)}</dd>
<dt>${escapeHtml(t.amount)}</dt><dd id="amount">${escapeHtml(formatAmount(order.amount, order.currency, order.locale))}</dd>
</dl>`;
}

function errorSummary(t: Messages, field: string, message: string | undefined): string {
  if (!message) return '';
  return `<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1">
<h2 id="error-summary-title">${escapeHtml(t.errorSummary)}</h2>
<ul><li><a href="#${field}">${escapeHtml(message)}</a></li></ul>
</div>`;
}

/** The way out: a form (it changes the order: void), so it is a button posting to /cancel. */
function cancelForm({ order, merchant }: PageInput, t: Messages): string {
  return `<form method="post" action="/pay/${escapeHtml(order.token)}/cancel" class="cancel">
<button type="submit" class="link">${escapeHtml(fill(t.cancel, { merchant }))}</button>
</form>`;
}

function otherMethodLink(order: SandboxOrder, t: Messages): string {
  return order.gateway ? '' : `<p class="other"><a href="/pay/${escapeHtml(order.token)}">${escapeHtml(t.otherMethod)}</a></p>`;
}

const METHOD_LABELS: Record<Method, keyof Messages> = { IDEAL: 'ideal', CREDITCARD: 'card', BANKTRANS: 'bankTransfer' };
const METHOD_PATHS: Record<Method, string> = { IDEAL: 'ideal', CREDITCARD: 'card', BANKTRANS: 'banktransfer' };
export const methodPath = (method: Method) => METHOD_PATHS[method];

/** The choice of payment method (radio buttons in a fieldset), then Continue. */
export function choosePage(input: PageInput & { error?: boolean }): string {
  const t = MESSAGES[input.order.locale];
  const message = input.error ? t.chooseMethodError : undefined;
  const options = (Object.keys(METHOD_LABELS) as Method[])
    .map(
      (method, index) => `<div class="choice">
<input type="radio" name="method" id="${index === 0 ? 'method' : `method-${METHOD_PATHS[method]}`}" value="${method}"${message ? ' aria-describedby="method-error"' : ''}>
<label for="${index === 0 ? 'method' : `method-${METHOD_PATHS[method]}`}">${escapeHtml(t[METHOD_LABELS[method]])}</label>
</div>`,
    )
    .join('\n');
  return layout(
    input.order.locale,
    `${message ? '! ' : ''}${fill(t.title, { merchant: input.merchant })}`,
    `${header(input, t)}
${errorSummary(t, 'method', message)}
<form method="post" action="/pay/${escapeHtml(input.order.token)}" novalidate>
<fieldset${message ? ' class="field-invalid"' : ''}>
<legend>${escapeHtml(t.chooseMethod)}</legend>
${message ? `<p class="error" id="method-error">${escapeHtml(message)}</p>\n` : ''}${options}
</fieldset>
<button type="submit">${escapeHtml(t.next)}</button>
</form>
${cancelForm(input, t)}`,
  );
}

/** iDEAL: the shopper picks their bank, which then asks them to approve or decline. */
export function idealPage(input: PageInput & { error?: boolean }): string {
  const t = MESSAGES[input.order.locale];
  const message = input.error ? t.chooseBankError : undefined;
  const amount = formatAmount(input.order.amount, input.order.currency, input.order.locale);
  const banks = Object.entries(IDEAL_ISSUERS)
    .map(([id, name]) => `<option value="${id}">${escapeHtml(name)}</option>`)
    .join('');
  return layout(
    input.order.locale,
    `${message ? '! ' : ''}${t.ideal} – ${fill(t.title, { merchant: input.merchant })}`,
    `${header(input, t)}
${errorSummary(t, 'issuer', message)}
<h2>${escapeHtml(t.ideal)}</h2>
<p>${escapeHtml(fill(t.idealText, { amount, merchant: input.merchant }))}</p>
<form method="post" action="/pay/${escapeHtml(input.order.token)}/ideal" novalidate>
<div class="field${message ? ' field-invalid' : ''}">
<label for="issuer">${escapeHtml(t.chooseBank)}</label>
${message ? `<p class="error" id="issuer-error">${escapeHtml(message)}</p>\n` : ''}<select id="issuer" name="issuer" required${message ? ' aria-describedby="issuer-error" aria-invalid="true" autofocus' : ''}><option value=""></option>${banks}</select>
</div>
<button type="submit" name="outcome" value="approve">${escapeHtml(t.approve)}</button>
<button type="submit" name="outcome" value="decline" class="secondary">${escapeHtml(t.decline)}</button>
</form>
${otherMethodLink(input.order, t)}
${cancelForm(input, t)}`,
  );
}

/** Card: the issuer's approval step (no card data is asked for in the sandbox). */
export function cardPage(input: PageInput): string {
  const t = MESSAGES[input.order.locale];
  const amount = formatAmount(input.order.amount, input.order.currency, input.order.locale);
  return layout(
    input.order.locale,
    `${t.card} – ${fill(t.title, { merchant: input.merchant })}`,
    `${header(input, t)}
<h2>${escapeHtml(t.card)}</h2>
<p>${escapeHtml(fill(t.cardText, { amount, merchant: input.merchant }))}</p>
<form method="post" action="/pay/${escapeHtml(input.order.token)}/card">
<button type="submit" name="outcome" value="approve">${escapeHtml(t.approve)}</button>
<button type="submit" name="outcome" value="decline" class="secondary">${escapeHtml(t.decline)}</button>
</form>
${otherMethodLink(input.order, t)}
${cancelForm(input, t)}`,
  );
}

/** Bank transfer: what happens, then Confirm (which creates the transaction). */
export function transferPage(input: PageInput): string {
  const t = MESSAGES[input.order.locale];
  const amount = formatAmount(input.order.amount, input.order.currency, input.order.locale);
  return layout(
    input.order.locale,
    `${t.bankTransfer} – ${fill(t.title, { merchant: input.merchant })}`,
    `${header(input, t)}
<h2>${escapeHtml(t.bankTransfer)}</h2>
<p>${escapeHtml(fill(t.transferText, { amount }))}</p>
<form method="post" action="/pay/${escapeHtml(input.order.token)}/banktransfer">
<button type="submit">${escapeHtml(t.confirmTransfer)}</button>
</form>
${otherMethodLink(input.order, t)}
${cancelForm(input, t)}`,
  );
}

/** After a confirmed bank transfer: the account, the reference, and the way back to the shop. */
export function instructionsPage(input: PageInput): string {
  const { order, merchant } = input;
  const t = MESSAGES[order.locale];
  const amount = formatAmount(order.amount, order.currency, order.locale);
  return layout(
    order.locale,
    t.instructionsTitle,
    `<h1>${escapeHtml(t.instructionsTitle)}</h1>
<p class="test-mode">${escapeHtml(t.testMode)}</p>
<p>${escapeHtml(fill(t.instructionsText, { amount }))}</p>
<dl class="instructions">
<dt>${escapeHtml(t.amount)}</dt><dd id="amount">${escapeHtml(amount)}</dd>
<dt>${escapeHtml(t.beneficiary)}</dt><dd>${escapeHtml(TRANSFER_ACCOUNT.beneficiary)}</dd>
<dt>${escapeHtml(t.iban)}</dt><dd id="iban">${escapeHtml(TRANSFER_ACCOUNT.iban)}</dd>
<dt>${escapeHtml(t.bic)}</dt><dd>${escapeHtml(TRANSFER_ACCOUNT.bic)}</dd>
<dt>${escapeHtml(t.reference)}</dt><dd id="reference">${escapeHtml(order.transferReference ?? '')}</dd>
</dl>
<p class="back"><a id="back" href="${escapeHtml(returnUrl(order.redirectUrl, order.orderId))}">${escapeHtml(fill(t.backToShop, { merchant }))}</a></p>`,
  );
}

/** An order that cannot be paid (any more) on this page, with the way back to the shop. */
export function closedPage(input: PageInput): string {
  const { order, merchant } = input;
  const t = MESSAGES[order.locale];
  const paid = ['completed', 'uncleared', 'refunded', 'partial_refunded'].includes(order.status);
  const title = paid ? t.paidTitle : order.status === 'expired' ? t.expiredTitle : t.closedTitle;
  const back = paid ? order.redirectUrl : order.cancelUrl;
  return layout(
    order.locale,
    title,
    `<h1>${escapeHtml(title)}</h1>
<p><a href="${escapeHtml(returnUrl(back, order.orderId))}">${escapeHtml(fill(t.backToShop, { merchant }))}</a></p>`,
  );
}

export function notFoundPage(): string {
  return layout('en', 'Payment page not found', '<h1>Payment page not found</h1>\n<p>This payment link is not valid.</p>');
}

export const PAGE_CSS = `*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1a1a1a;background:#f2f4f8}
main{max-width:30rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:.5rem;box-shadow:0 1px 3px rgba(0,0,0,.15)}
h1{font-size:1.4rem;margin:0 0 .5rem}
h2{font-size:1.1rem;margin:1rem 0 .25rem}
.test-mode{margin:0 0 1rem;padding:.25rem .5rem;background:#fff4d6;color:#5c4400;border-radius:.25rem;font-size:.875rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0 0 1rem}
dt{color:#4a4a4a}
dd{margin:0;font-weight:700}
fieldset{border:0;margin:0 0 1rem;padding:0}
legend{font-weight:700;margin:0 0 .5rem}
.choice{display:flex;align-items:center;gap:.5rem;margin:.5rem 0}
.choice input{width:1.25rem;height:1.25rem;margin:0}
.field{margin:0 0 1rem}
label{font-weight:600}
.field label{display:block}
select{width:100%;padding:.5rem;font:inherit;border:1px solid #767676;border-radius:.25rem;background:#fff}
.error{margin:0;color:#b00020;font-weight:600}
.field-invalid select,fieldset.field-invalid{border-left:4px solid #b00020;padding-left:.5rem}
input:focus,button:focus,select:focus,a:focus{outline:3px solid #0b5fcc;outline-offset:2px}
button{display:block;width:100%;margin:.5rem 0;padding:.75rem;font:inherit;font-weight:700;color:#fff;background:#0b5fcc;border:0;border-radius:.25rem;cursor:pointer}
button.secondary{color:#1a1a1a;background:#e0e0e0}
button.link{display:inline;width:auto;margin:0;padding:0;color:#0b5fcc;background:none;font-weight:400;text-decoration:underline}
.error-summary{margin:0 0 1rem;padding:.75rem;border:2px solid #b00020;border-radius:.25rem}
.error-summary ul{margin:0;padding-left:1.25rem}
.error-summary a{color:#b00020}
.cancel,.other,.back{text-align:center}
a{color:#0b5fcc}
`;

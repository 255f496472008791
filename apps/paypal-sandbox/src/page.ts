import { escapeHtml, pageDocument } from '@shop/sandbox-kit';
import { fill, MESSAGES, type Locale } from './messages.ts';
import { CURRENCIES, type Order } from './store.ts';

/** The approval page: plain HTML, one form with three buttons, no script, one style sheet (page.css). */

export function formatAmount(minor: number, currency: string, locale: Locale): string {
  const decimals = CURRENCIES[currency] ?? 2;
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(minor / 10 ** decimals);
  } catch {
    return `${(minor / 10 ** decimals).toFixed(decimals)} ${currency}`;
  }
}

function layout(locale: Locale, title: string, body: string): string {
  return pageDocument({ locale, title, stylesheet: '/checkoutnow/assets/page.css', body, banner: '<header class="brand"><p><span class="pay">Pay</span><span class="pal">Pal</span></p></header>' });
}

/** The page where the payer approves (or not) an order; `declined` after a declined funding source. */
export function approvalPage(input: { order: Order; merchant: string; declined?: boolean }): string {
  const { order, declined = false } = input;
  const merchant = order.brandName ?? input.merchant;
  const t = MESSAGES[order.locale];
  const amount = formatAmount(order.amount, order.currency, order.locale);
  const error = declined
    ? `<div class="error" role="alert" id="declined" tabindex="-1"><p>${escapeHtml(fill(t.declined, { merchant }))}</p></div>\n`
    : '';
  return layout(
    order.locale,
    `${declined ? '! ' : ''}${t.title}`,
    `<h1>${escapeHtml(t.title)}</h1>
<p class="test-mode">${escapeHtml(t.testMode)}</p>
${error}<p>${escapeHtml(fill(t.payingTo, { merchant }))}</p>
<dl class="summary"><dt>${escapeHtml(t.total)}</dt><dd id="amount">${escapeHtml(amount)}</dd></dl>
<p class="account">${escapeHtml(t.account)}</p>
<form method="post" action="/checkoutnow">
<input type="hidden" name="token" value="${escapeHtml(order.id)}">
<button type="submit" name="action" value="approve"${declined ? ' aria-describedby="declined"' : ''}>${escapeHtml(fill(t.approve, { amount }))}</button>
<button type="submit" name="action" value="decline" class="secondary" aria-describedby="decline-hint">${escapeHtml(t.decline)}</button>
<p class="hint" id="decline-hint">${escapeHtml(t.declineHint)}</p>
<button type="submit" name="action" value="cancel" class="link">${escapeHtml(fill(t.cancel, { merchant }))}</button>
</form>`,
  );
}

/** An order that cannot be approved any more, with the way back to the shop. */
export function closedPage(order: Order, merchant: string, backUrl: string): string {
  const t = MESSAGES[order.locale];
  const name = order.brandName ?? merchant;
  return layout(
    order.locale,
    t.closedTitle,
    `<h1>${escapeHtml(t.closedTitle)}</h1>
<p><a href="${escapeHtml(backUrl)}">${escapeHtml(fill(t.backToShop, { merchant: name }))}</a></p>`,
  );
}

export function notFoundPage(): string {
  return layout('en', 'Things don’t appear to be working at the moment', '<h1>Things don’t appear to be working at the moment</h1>\n<p>This payment link is not valid.</p>');
}

export const PAGE_CSS = `*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1a1a1a;background:#f5f7fa}
.brand{background:#fff;border-bottom:1px solid #d0d4d9;text-align:center}
.brand p{margin:0;padding:.75rem;font-size:1.5rem;font-weight:800;font-style:italic}
.pay{color:#003087}.pal{color:#0070e0}
main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:.75rem;box-shadow:0 1px 3px rgba(0,0,0,.15)}
h1{font-size:1.4rem;margin:0 0 .5rem}
.test-mode{margin:0 0 1rem;padding:.25rem .5rem;background:#fff4d6;color:#5c4400;border-radius:.25rem;font-size:.875rem}
.summary{display:flex;justify-content:space-between;margin:0 0 1rem;font-size:1.1rem}
.summary dd{margin:0;font-weight:700}
.account,.hint{color:#4a4a4a;font-size:.875rem}
.hint{margin:-.25rem 0 .75rem}
.error{margin:0 0 1rem;padding:.75rem;border:2px solid #b00020;border-radius:.25rem;color:#b00020;font-weight:600}
.error p{margin:0}
button{display:block;width:100%;margin:.5rem 0;padding:.75rem;font:inherit;font-weight:700;color:#fff;background:#003087;border:0;border-radius:1.5rem;cursor:pointer}
button.secondary{color:#1a1a1a;background:#e0e0e0}
button.link{color:#0050b3;background:none;text-decoration:underline;font-weight:400}
button:focus,a:focus{outline:3px solid #1a5fb4;outline-offset:2px}
a{color:#0050b3}
`;

#!/usr/bin/env node
// Refunds a paid order through its payment gateway: `npm run refund -- <order reference> [amount, e.g. 12.50]`.
// Without an amount, all that is left of the order is given back. It makes the back office's refundOrder call on the
// running shop API (ADMIN_API_URL, else SHOP_API_URL, default http://127.0.0.1:$SHOP_API_PORT or :4000) with
// ADMIN_TOKEN, the scripts' key, which the API must share: that key reaches this call and no other.
const [reference, amount] = process.argv.slice(2);
const token = process.env.ADMIN_TOKEN;
if (!reference || !/^[A-Za-z0-9]{1,16}$/.test(reference) || (amount !== undefined && !/^\d+(\.\d{1,2})?$/.test(amount))) {
  console.error('Usage: npm run refund -- <order reference> [amount, e.g. 12.50]');
  process.exit(2);
}
if (!token) {
  console.error('Set ADMIN_TOKEN (the same as the shop API has, at least 32 characters).');
  process.exit(2);
}
const apiUrl = process.env.ADMIN_API_URL ?? process.env.SHOP_API_URL ?? `http://127.0.0.1:${process.env.SHOP_API_PORT ?? '4000'}`;
// Cents from the decimal text exactly (no floating point): "12.5" → 1250.
const cents = amount === undefined ? undefined : Number(amount.split('.')[0]) * 100 + Number((amount.split('.')[1] ?? '').padEnd(2, '0'));
const answer = await fetch(`${apiUrl}/admin/refundOrder`, {
  method: 'POST',
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  body: JSON.stringify(cents === undefined ? { reference } : { reference, amount: cents }),
});
const body = await answer.json().catch(() => null);
if (!answer.ok) {
  console.error(`Refused (${answer.status}): ${body?.message ?? 'no reason given'}`);
  process.exit(1);
}
const { order, refunds } = body.psdata;
const refundId = refunds.at(-1)?.gateway_refund_id;
const money = (value) => `${(value / 100).toFixed(2)} ${order.currency}`;
console.log(`Refund ${refundId}: order ${order.reference} is ${order.status}, ${money(order.refunded)} of ${money(order.total)} given back.`);

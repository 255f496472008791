// Development: the payment sandboxes (card, PayPal, MultiSafepay) and the shop API with reload (tsx watch) and the storefront's Vite dev server, side by side.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

// The same data folder as `npm start`, whichever workspace folder the API runs in.
const env = { ...process.env, DATA_DIR: process.env.DATA_DIR ?? resolve('.data'), DEV_MAILBOX: process.env.DEV_MAILBOX ?? 'on' };

// The card sandbox stands in for the card processor unless CARD_PROCESSOR_URL names one; the API calls it there
// and it posts its notifications back to the API.
const startsCardSandbox = process.env.CARD_PROCESSOR_URL === undefined;
if (startsCardSandbox) {
  env.CARD_PROCESSOR_URL = `http://127.0.0.1:${process.env.CARD_SANDBOX_PORT ?? '4100'}`;
  env.CARD_SANDBOX_WEBHOOK_URL ??= `http://127.0.0.1:${process.env.SHOP_API_PORT ?? '4000'}/webhooks/card`;
}

// The MultiSafepay sandbox stands in for MultiSafepay unless MULTISAFEPAY_API_URL names it; it notifies the API.
const startsMultisafepaySandbox = process.env.MULTISAFEPAY_API_URL === undefined;
if (startsMultisafepaySandbox) env.MULTISAFEPAY_API_URL = `http://127.0.0.1:${process.env.MULTISAFEPAY_SANDBOX_PORT ?? '4150'}`;
env.MULTISAFEPAY_NOTIFICATION_URL ??= `http://127.0.0.1:${process.env.SHOP_API_PORT ?? '4000'}/webhooks/multisafepay`;

// The PayPal sandbox stands in for PayPal unless PAYPAL_API_URL names it (or PAYPAL_ENABLED switches PayPal off).
const startsPaypalSandbox = process.env.PAYPAL_API_URL === undefined && !['false', '0', 'off'].includes((process.env.PAYPAL_ENABLED ?? '').toLowerCase());
if (startsPaypalSandbox) {
  env.PAYPAL_API_URL = `http://127.0.0.1:${process.env.PAYPAL_SANDBOX_PORT ?? '4200'}`;
  env.PAYPAL_SANDBOX_WEBHOOK_URL ??= `http://127.0.0.1:${process.env.SHOP_API_PORT ?? '4000'}/webhooks/paypal`;
}

const children = [
  ...(startsCardSandbox ? [spawn('npm', ['run', 'dev', '-w', 'apps/card-sandbox'], { stdio: 'inherit', env })] : []),
  ...(startsPaypalSandbox ? [spawn('npm', ['run', 'dev', '-w', 'apps/paypal-sandbox'], { stdio: 'inherit', env })] : []),
  ...(startsMultisafepaySandbox ? [spawn('npm', ['run', 'dev', '-w', 'apps/multisafepay-sandbox'], { stdio: 'inherit', env })] : []),
  spawn('npm', ['run', 'dev', '-w', 'apps/shop-api'], { stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '-w', 'apps/storefront'], { stdio: 'inherit', env }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);

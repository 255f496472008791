import { positiveInteger, publicUrlOf } from '@shop/sandbox-kit';

/** The PayPal sandbox's settings, from the environment (README: configuration). */
export type SandboxConfig = {
  port: number;
  host: string;
  /** The REST app's credentials the shop exchanges for an access token (HTTP Basic on /v1/oauth2/token). */
  clientId: string;
  clientSecret: string;
  /** How long an access token lives (PayPal: 32400 s, nine hours). */
  tokenTtlSeconds: number;
  /** Where notifications are posted, and the id of that webhook (both sides know it; it is part of what is signed). */
  webhookUrl: string;
  webhookId: string;
  /** Tries per notification (the first delivery and its retries), the wait before the first retry (it doubles). */
  webhookAttempts: number;
  webhookFirstRetryMs: number;
  webhookTimeoutMs: number;
  /** The address shoppers' browsers reach the approval page at (and the certificate URL's origin). */
  publicUrl: string;
  /** Shown on the approval page: who is paid. */
  merchantName: string;
  /** Orders, captures, refunds, tokens and events kept in memory; the oldest go first beyond it. */
  maxOrders: number;
  logLevel: string;
};

export function readSandboxConfig(env: NodeJS.ProcessEnv = process.env): SandboxConfig {
  const port = Number(env.PAYPAL_SANDBOX_PORT ?? 4200);
  const host = env.PAYPAL_SANDBOX_HOST ?? '127.0.0.1';
  const webhookId = env.PAYPAL_SANDBOX_WEBHOOK_ID || env.PAYPAL_WEBHOOK_ID || 'WH-SANDBOX';
  if (!/^[A-Za-z0-9-]{1,50}$/.test(webhookId)) throw new Error(`PAYPAL_SANDBOX_WEBHOOK_ID must be 1 to 50 letters, digits or dashes (got ${JSON.stringify(webhookId)})`);
  return {
    port,
    host,
    clientId: env.PAYPAL_SANDBOX_CLIENT_ID || 'sandbox-client',
    clientSecret: env.PAYPAL_SANDBOX_CLIENT_SECRET || 'sandbox-secret',
    tokenTtlSeconds: positiveInteger(env.PAYPAL_SANDBOX_TOKEN_TTL_SECONDS, 32_400, 'PAYPAL_SANDBOX_TOKEN_TTL_SECONDS'),
    webhookUrl: env.PAYPAL_SANDBOX_WEBHOOK_URL || 'http://127.0.0.1:4000/webhooks/paypal',
    webhookId,
    webhookAttempts: positiveInteger(env.PAYPAL_SANDBOX_WEBHOOK_ATTEMPTS, 6, 'PAYPAL_SANDBOX_WEBHOOK_ATTEMPTS'),
    webhookFirstRetryMs: positiveInteger(env.PAYPAL_SANDBOX_WEBHOOK_RETRY_MS, 1_000, 'PAYPAL_SANDBOX_WEBHOOK_RETRY_MS'),
    webhookTimeoutMs: 10_000,
    publicUrl: publicUrlOf(env.PAYPAL_SANDBOX_PUBLIC_URL, host, port),
    merchantName: env.PAYPAL_SANDBOX_MERCHANT_NAME || 'Atelier Moda',
    maxOrders: 10_000,
    logLevel: env.PAYPAL_SANDBOX_LOG_LEVEL || env.LOG_LEVEL || 'info',
  };
}

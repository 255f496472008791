import { positiveInteger, publicUrlOf } from '@shop/sandbox-kit';

/** The sandbox's settings, from the environment (README: configuration). */
export type SandboxConfig = {
  port: number;
  host: string;
  /** The website API key the shop sends (`api_key` query parameter or header); notifications are signed with it. */
  apiKey: string;
  /** Tries per notification (the first and its resends), and the wait between two tries (MultiSafepay: 15 minutes). */
  notificationAttempts: number;
  notificationRetryMs: number;
  notificationTimeoutMs: number;
  /** How long after the shopper confirms a bank transfer its money "arrives" (0: only through the test control). */
  transferDelayMs: number;
  /** The address shoppers' browsers reach the payment page at. */
  publicUrl: string;
  /** Shown on the payment page: who is paid. */
  merchantName: string;
  /** How long an unpaid order stays payable when the order does not say (`days_active`, MultiSafepay: 30 days). */
  orderTtlSeconds: number;
  /** Orders and events kept in memory; the oldest go first beyond it. */
  maxOrders: number;
  logLevel: string;
};

export function readSandboxConfig(env: NodeJS.ProcessEnv = process.env): SandboxConfig {
  const port = positiveInteger(env.MULTISAFEPAY_SANDBOX_PORT, 4150, 'MULTISAFEPAY_SANDBOX_PORT', true);
  const host = env.MULTISAFEPAY_SANDBOX_HOST || '127.0.0.1';
  return {
    port,
    host,
    apiKey: env.MULTISAFEPAY_SANDBOX_API_KEY || 'msp_sandbox_key',
    notificationAttempts: positiveInteger(env.MULTISAFEPAY_SANDBOX_NOTIFICATION_ATTEMPTS, 4, 'MULTISAFEPAY_SANDBOX_NOTIFICATION_ATTEMPTS'),
    notificationRetryMs: positiveInteger(env.MULTISAFEPAY_SANDBOX_NOTIFICATION_RETRY_MS, 15 * 60 * 1000, 'MULTISAFEPAY_SANDBOX_NOTIFICATION_RETRY_MS'),
    notificationTimeoutMs: 10_000,
    transferDelayMs: positiveInteger(env.MULTISAFEPAY_SANDBOX_TRANSFER_DELAY_MS, 30_000, 'MULTISAFEPAY_SANDBOX_TRANSFER_DELAY_MS', true),
    publicUrl: publicUrlOf(env.MULTISAFEPAY_SANDBOX_PUBLIC_URL, host, port),
    merchantName: env.MULTISAFEPAY_SANDBOX_MERCHANT_NAME || 'Atelier Moda',
    orderTtlSeconds: positiveInteger(env.MULTISAFEPAY_SANDBOX_ORDER_TTL_SECONDS, 30 * 24 * 60 * 60, 'MULTISAFEPAY_SANDBOX_ORDER_TTL_SECONDS'),
    maxOrders: 10_000,
    logLevel: env.MULTISAFEPAY_SANDBOX_LOG_LEVEL || env.LOG_LEVEL || 'info',
  };
}

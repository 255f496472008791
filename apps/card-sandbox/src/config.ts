import { positiveInteger, publicUrlOf } from '@shop/sandbox-kit';

/** The sandbox's settings, from the environment (README: configuration). */
export type SandboxConfig = {
  port: number;
  host: string;
  /** The secret API key the shop sends as `Authorization: Bearer …`. */
  secretKey: string;
  /** Where notifications are posted, and the secret they are signed with. */
  webhookUrl: string;
  webhookSecret: string;
  /** Tries per notification (the first delivery and its retries), the wait before the first retry (it doubles). */
  webhookAttempts: number;
  webhookFirstRetryMs: number;
  webhookTimeoutMs: number;
  /** The address shoppers' browsers reach the hosted page at. */
  publicUrl: string;
  /** Shown on the hosted page: who is paid. */
  merchantName: string;
  /** How long an unpaid session stays open. */
  sessionTtlSeconds: number;
  /** Sessions and events kept in memory; the oldest go first beyond it. */
  maxSessions: number;
  logLevel: string;
};

export function readSandboxConfig(env: NodeJS.ProcessEnv = process.env): SandboxConfig {
  const port = Number(env.CARD_SANDBOX_PORT ?? 4100);
  const host = env.CARD_SANDBOX_HOST ?? '127.0.0.1';
  return {
    port,
    host,
    secretKey: env.CARD_SANDBOX_SECRET_KEY || 'sk_test_sandbox',
    webhookUrl: env.CARD_SANDBOX_WEBHOOK_URL || 'http://127.0.0.1:4000/webhooks/card',
    webhookSecret: env.CARD_SANDBOX_WEBHOOK_SECRET || 'whsec_sandbox',
    webhookAttempts: positiveInteger(env.CARD_SANDBOX_WEBHOOK_ATTEMPTS, 6, 'CARD_SANDBOX_WEBHOOK_ATTEMPTS'),
    webhookFirstRetryMs: positiveInteger(env.CARD_SANDBOX_WEBHOOK_RETRY_MS, 1_000, 'CARD_SANDBOX_WEBHOOK_RETRY_MS'),
    webhookTimeoutMs: 10_000,
    publicUrl: publicUrlOf(env.CARD_SANDBOX_PUBLIC_URL, host, port),
    merchantName: env.CARD_SANDBOX_MERCHANT_NAME || 'Atelier Moda',
    sessionTtlSeconds: positiveInteger(env.CARD_SANDBOX_SESSION_TTL_SECONDS, 24 * 60 * 60, 'CARD_SANDBOX_SESSION_TTL_SECONDS'),
    maxSessions: 10_000,
    logLevel: env.CARD_SANDBOX_LOG_LEVEL || env.LOG_LEVEL || 'info',
  };
}

import { resolve } from 'node:path';
import { THEMES } from '@shop/contract';
import type { MediaConfig } from './media/storage.ts';

/** Reads a boolean setting the way the README documents it: true, 1 or on (any case). */
export function isOn(value: string | undefined): boolean {
  return ['true', '1', 'on', 'yes'].includes((value ?? '').trim().toLowerCase());
}

export type ApiConfig = {
  /** Where product photos are kept (media/storage.ts): a local folder by default, an S3-compatible bucket by configuration. */
  media: MediaConfig;
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  maintenanceMode: boolean;
  theme: (typeof THEMES)[number];
  gtmId: string | null;
  defaultCountry: string;
  currency: string;
  logLevel: string;
  /** Where the storefront lives, for links in mails (the password reset link). */
  storefrontUrl: string;
  /** smtp(s)://user:pass@host:port to send real mail; unset keeps mail in the local outbox. */
  smtpUrl: string | undefined;
  /** The sender of the shop's mails. */
  mailFrom: string;
  /** A mail that could not be sent is tried again after this many seconds, then twice as long each time (an hour at most). */
  mailRetrySeconds: number;
  /** A mail is given up after this many tries (it then shows on the back office's "Mails not sent"). */
  mailMaxAttempts: number;
  /** Serves the local outbox at GET /dev/outbox (development only; never with SMTP). */
  devMailbox: boolean;
  /** Host names the API answers to (DNS rebinding: a page of another site must not reach a local API by a name of its own). */
  allowedHosts: Set<string>;
  /** Shared with the storefront (header X-Shop-Api-Secret): a caller that has it may name the shopper's address. */
  sharedSecret: string | undefined;
  /** Catalogue answers (listings, searches, suggestions) kept per catalogue revision (catalog/revision-cache.ts); 0 keeps none. */
  catalogCacheEntries: number;
  /** Memory for the categories' and brands' orders kept per catalogue revision (catalog/scope-orders.ts), in bytes; 0 keeps none. */
  catalogOrderCacheBytes: number;
  /** How long a call waits for a catalogue answer being worked out before it is refused as busy (catalog/revision-cache.ts). */
  catalogWaitMs: number;
  /**
   * How long after a catalogue change an answer of the revision before may still be given while the new one is worked
   * out in the background (catalog/revision-cache.ts, ADR 47); 0: every answer waits for the current revision's.
   */
  catalogStaleMs: number;
  /** Calls of one client that run at once (http/fair-share.ts); further ones wait their turn. */
  clientConcurrency: number;
  /** Guest sessions (carts that may hold stock) one client may start per hour. */
  guestSessionsPerClientPerHour: number;
  /** Units one client may hold in all carts together (docs/adr/0009-soft-holds.md, 0031-holds-counted-per-client.md). */
  heldUnitsPerClient: number;
  /** The EU's VIES service (its REST API's base URL) to check VAT numbers; unset: format and checksum only. */
  viesUrl: string | undefined;
  /** An order not paid within this time is cancelled and its stock goes back on sale. */
  unpaidOrderMinutes: number;
  /** The withdrawal period: a delivered order's lines can be sent back for this many days from delivery (SPEC §9: 14 in Italy). */
  returnWindowDays: number;
  /** Where shoppers send returns (the return instructions mail). */
  returnAddress: string;
  /** A guest's order link (confirmation mail, confirmation page) opens the order for this many days after it was placed. */
  guestOrderLinkDays: number;
  /** Opens the back-office calls (`/admin/…`, orders/admin.ts) to a caller with `Authorization: Bearer <it>`; unset, they do not exist. */
  adminToken: string | undefined;
  /**
   * Where the back office's admin calls (`/admin/{callName}`, staff/routes.ts) listen when they have an address of
   * their own (ADMIN_API_PORT, ADMIN_API_HOST): then the shopper's address does not answer them. Unset: beside the
   * shopper's calls.
   */
  adminApi: { host: string; port: number } | undefined;
  /**
   * Where `GET /metrics` (Prometheus' text format, metrics.ts) listens: an address of its own, this machine only unless
   * SHOP_API_METRICS_HOST says otherwise (docs/adr/0037). Unset (no SHOP_API_METRICS_PORT): no metrics are served.
   */
  metrics: { host: string; port: number } | undefined;
  /** Where the back office lives, for its set-up links (`npm run staff:create`). */
  backOfficeUrl: string;
  /** New reviews wait for the back office's approval before shoppers see them (REVIEWS_HELD_FOR_APPROVAL, default off). */
  reviewsHeldForApproval: boolean;
  /**
   * How delivery dates are worked out (catalog/delivery-dates.ts): the shop's time zone (SHOP_TIME_ZONE) and the time
   * of day there after which an order leaves on the next working day (DELIVERY_CUT_OFF), in minutes.
   */
  delivery: { timeZone: string; cutOffMinutes: number };
};

/** The names a local API is always reached by, and the one it listens on. */
function allowedHosts(listenHost: string, configured: string | undefined): Set<string> {
  const hosts = ['localhost', '127.0.0.1', '::1', listenHost, ...(configured ?? '').split(',')];
  return new Set(hosts.map((host) => host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1')).filter(Boolean));
}

// SPEC §9: tag-manager ids are GTM- followed by letters or digits.
const GTM_ID = /^GTM-[A-Z0-9]+$/i;

export function readConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const theme = env.THEME === 'blue' ? 'blue' : 'default';
  const gtmId = env.GTM_ID && GTM_ID.test(env.GTM_ID) ? env.GTM_ID : null;
  const dataDir = env.DATA_DIR?.startsWith('memory://') ? env.DATA_DIR : resolve(env.DATA_DIR ?? '.data');
  return {
    port: Number(env.SHOP_API_PORT ?? 4000),
    host: env.SHOP_API_HOST ?? '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    maintenanceMode: isOn(env.MAINTENANCE_MODE),
    theme,
    gtmId,
    defaultCountry: (env.DEFAULT_COUNTRY ?? 'IT').toUpperCase(),
    currency: 'EUR',
    logLevel: env.LOG_LEVEL ?? 'info',
    storefrontUrl: (env.STOREFRONT_URL || 'http://localhost:3000').replace(/\/+$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Atelier Moda <no-reply@localhost>',
    mailRetrySeconds: Math.max(1, Number(env.MAIL_RETRY_SECONDS ?? 60) || 60),
    mailMaxAttempts: Math.max(1, Math.floor(Number(env.MAIL_MAX_ATTEMPTS ?? 10)) || 10),
    devMailbox: isOn(env.DEV_MAILBOX) && !env.SMTP_URL,
    allowedHosts: allowedHosts(env.SHOP_API_HOST ?? '127.0.0.1', [env.ALLOWED_HOSTS, env.ADMIN_API_HOST].filter(Boolean).join(',')),
    sharedSecret: env.SHOP_API_SECRET || undefined,
    catalogCacheEntries: Math.max(0, Number(env.CATALOG_CACHE_ENTRIES ?? 2000) || 0),
    catalogOrderCacheBytes: Math.max(0, Number(env.CATALOG_ORDER_CACHE_MB ?? 32) || 0) * 1_000_000,
    catalogWaitMs: Math.max(1, Number(env.CATALOG_WAIT_MS ?? 10_000) || 10_000),
    catalogStaleMs: Math.max(0, Number(env.CATALOG_STALE_MS ?? 2000) || 0),
    clientConcurrency: Math.max(1, Number(env.API_CLIENT_CONCURRENCY ?? 6) || 6),
    guestSessionsPerClientPerHour: Math.max(1, Number(env.GUEST_SESSIONS_PER_CLIENT_PER_HOUR ?? 30) || 30),
    heldUnitsPerClient: Math.max(1, Number(env.HELD_UNITS_PER_CLIENT ?? 20) || 20),
    viesUrl: env.VIES_URL ? env.VIES_URL.replace(/\/+$/, '') : undefined,
    unpaidOrderMinutes: Math.max(1, Number(env.UNPAID_ORDER_MINUTES ?? 60) || 60),
    guestOrderLinkDays: Math.max(1, Number(env.GUEST_ORDER_LINK_DAYS ?? 90) || 90),
    returnWindowDays: Math.max(1, Number(env.RETURN_WINDOW_DAYS ?? 14) || 14),
    returnAddress: env.RETURN_ADDRESS || 'Atelier Moda – Resi, Via Solferino 10, 20121 Milano MI, Italia',
    // A short token could be guessed: anything under 32 characters leaves the back office closed.
    adminToken: env.ADMIN_TOKEN && env.ADMIN_TOKEN.length >= 32 ? env.ADMIN_TOKEN : undefined,
    adminApi: env.ADMIN_API_PORT ? { host: env.ADMIN_API_HOST ?? '127.0.0.1', port: Number(env.ADMIN_API_PORT) } : undefined,
    metrics: env.SHOP_API_METRICS_PORT ? { host: env.SHOP_API_METRICS_HOST ?? '127.0.0.1', port: Number(env.SHOP_API_METRICS_PORT) } : undefined,
    backOfficeUrl: (env.BACK_OFFICE_URL || `http://localhost:${env.BACK_OFFICE_PORT ?? 3001}`).replace(/\/+$/, ''),
    reviewsHeldForApproval: isOn(env.REVIEWS_HELD_FOR_APPROVAL),
    media: mediaConfig(env, dataDir),
    delivery: deliveryConfig(env),
  };
}

/** SHOP_TIME_ZONE (default Europe/Rome) and DELIVERY_CUT_OFF (default 14:00); a value that means nothing stops the start. */
function deliveryConfig(env: NodeJS.ProcessEnv): ApiConfig['delivery'] {
  const timeZone = env.SHOP_TIME_ZONE || 'Europe/Rome';
  try {
    new Intl.DateTimeFormat('en', { timeZone });
  } catch {
    throw new Error(`SHOP_TIME_ZONE=${timeZone} is not a time zone (e.g. Europe/Rome)`);
  }
  const cutOff = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec((env.DELIVERY_CUT_OFF || '14:00').trim());
  if (!cutOff) throw new Error(`DELIVERY_CUT_OFF=${env.DELIVERY_CUT_OFF} is not a time of day (e.g. 14:00)`);
  return { timeZone, cutOffMinutes: Number(cutOff[1]) * 60 + Number(cutOff[2]) };
}

/**
 * MEDIA_STORE=local (default) keeps photos under MEDIA_DIR (default `{DATA_DIR}/media`; in memory when DATA_DIR is
 * `memory://…` and MEDIA_DIR is unset); MEDIA_STORE=s3 in the bucket MEDIA_S3_BUCKET at MEDIA_S3_ENDPOINT.
 */
function mediaConfig(env: NodeJS.ProcessEnv, dataDir: string): MediaConfig {
  if (env.MEDIA_STORE === 's3') {
    const missing = ['MEDIA_S3_ENDPOINT', 'MEDIA_S3_BUCKET', 'MEDIA_S3_ACCESS_KEY_ID', 'MEDIA_S3_SECRET_ACCESS_KEY'].filter((name) => !env[name]);
    if (missing.length > 0) throw new Error(`MEDIA_STORE=s3 needs ${missing.join(', ')}`);
    return {
      kind: 's3',
      endpoint: env.MEDIA_S3_ENDPOINT!.replace(/\/+$/, ''),
      bucket: env.MEDIA_S3_BUCKET!,
      region: env.MEDIA_S3_REGION || 'us-east-1',
      accessKeyId: env.MEDIA_S3_ACCESS_KEY_ID!,
      secretAccessKey: env.MEDIA_S3_SECRET_ACCESS_KEY!,
    };
  }
  if (env.MEDIA_DIR) return { kind: 'local', dir: resolve(env.MEDIA_DIR) };
  return dataDir.startsWith('memory://') ? { kind: 'memory' } : { kind: 'local', dir: resolve(dataDir, 'media') };
}

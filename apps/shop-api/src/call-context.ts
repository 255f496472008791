import type { calls, CallName, CallOutput } from '@shop/contract';
import type { z } from 'zod';
import type { RevisionCache } from './catalog/revision-cache.ts';
import type { ApiConfig } from './config.ts';
import type { Database } from './db/client.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Gateways } from './payments/gateway.ts';
import type { RequestContext } from './http/request-context.ts';

/** What a call handler gets besides its validated payload. */
export type CallContext = RequestContext & {
  db: Database;
  config: ApiConfig;
  mailer: Mailer;
  gateways: Gateways;
  /** Listing, search and suggestion answers, by count. */
  catalogCache: RevisionCache;
  /** Categories' and brands' sort orders, by the bytes they take (catalog/scope-orders.ts). */
  catalogOrders: RevisionCache;
};

export type CallHandler<N extends CallName> = (input: z.output<(typeof calls)[N]['input']>, context: CallContext) => Promise<CallOutput<N>>;
export type CallHandlers = { [N in CallName]: CallHandler<N> };

import {
  ADMIN_CUSTOMERS_PAGE_SIZE,
  ADMIN_SUBSCRIBERS_PAGE_SIZE,
  type AdminCustomer,
  type adminCustomersInput,
  type adminEraseInput,
  type adminGuestOrdersInput,
  type PersonalData,
} from '@shop/contract/admin';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { toAddress } from '../accounts/addresses.ts';
import { collectPersonalData, erasePerson, lockPerson, personTarget } from '../privacy/personal-data.ts';
import { selectRows } from '../db/raw.ts';
import { addresses, orders } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { audit } from './audit.ts';
import { actorOf, type AdminContext, type SignedInContext } from './context.ts';
import { cappedCount, keysetPage } from './list-pages.ts';
import { likeText, pagedOrders } from './orders.ts';

type CustomerRow = {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  lang: string;
  newsletter: boolean;
  newsletter_consent_at: Date | string | null;
  newsletter_interests: string[];
  created_at: Date | string;
  erasure_requested_at: Date | string | null;
  order_count: number;
};

const iso = (value: Date | string) => new Date(value).toISOString();
const COLUMNS = sql`c.id, c.email, c.first_name, c.last_name, c.lang, c.newsletter, c.newsletter_consent_at, c.newsletter_interests, c.created_at,
  c.erasure_requested_at, (select count(*)::int from orders o where o.customer_id = c.id) as order_count`;

const toRow = (row: CustomerRow) => ({
  id: row.id,
  email: row.email,
  name: `${row.first_name} ${row.last_name}`.trim(),
  order_count: row.order_count,
  newsletter: row.newsletter,
  created_at: iso(row.created_at),
  erasure_requested_at: row.erasure_requested_at === null ? null : iso(row.erasure_requested_at),
});

/** Customers by email address or name (part of one), or those who asked to be erased; newest first, a page at a time (ADR 58). */
export async function listCustomers(input: z.output<typeof adminCustomersInput>, { db }: AdminContext) {
  const text = input.query ? likeText(input.query) : null;
  const where = sql.join(
    [
      sql`true`,
      // The expression of the trigram index customers_search_trgm (migration 0021): address and name in one text.
      ...(text ? [sql`(lower(c.email) || ' ' || lower(c.first_name) || ' ' || lower(c.last_name)) like ${text.toLowerCase()}`] : []),
      ...(input.erasure_requested ? [sql`c.erasure_requested_at is not null`] : []),
    ],
    sql` and `,
  );
  const keyset = keysetPage(sql`c.created_at`, sql`c.id`, input.cursor, ADMIN_CUSTOMERS_PAGE_SIZE);
  const [rows, counted] = await Promise.all([
    selectRows<CustomerRow & { key: string }>(
      db,
      sql`select ${COLUMNS}, ${keyset.key} as key from customers c where ${where}${keyset.where ? sql` and ${keyset.where}` : sql``}
        order by ${keyset.orderBy} limit ${keyset.limit}`,
    ),
    cappedCount(db, sql`customers c`, where),
  ]);
  const { rows: page, next, previous } = keyset.page(rows, ({ key, id }) => ({ micros: key, id }));
  return { customers: page.map(toRow), next, previous, ...counted };
}

/** One customer: the account, its addresses and newsletter consent, and its orders (the newest page). */
export async function getCustomerDetail({ id }: { id: number }, { db }: AdminContext): Promise<AdminCustomer> {
  const [row] = await selectRows<CustomerRow>(db, sql`select ${COLUMNS} from customers c where c.id = ${id}`);
  if (!row) throw notFound('Customer');
  const [saved, placed] = await Promise.all([
    db.select().from(addresses).where(eq(addresses.customerId, id)).orderBy(asc(addresses.id)),
    pagedOrders(db, eq(orders.customerId, id)),
  ]);
  return {
    customer: {
      ...toRow(row),
      first_name: row.first_name,
      last_name: row.last_name,
      lang: row.lang,
      newsletter_consent_at: row.newsletter_consent_at === null ? null : iso(row.newsletter_consent_at),
      newsletter_interests: row.newsletter_interests,
    },
    addresses: saved.map(toAddress),
    orders: placed.orders,
  };
}

/** A guest's orders (placed without an account) by their exact address. */
export async function listGuestOrders({ email, cursor }: z.output<typeof adminGuestOrdersInput>, { db }: AdminContext) {
  return pagedOrders(db, and(isNull(orders.customerId), sql`lower(${orders.email}) = ${email}`), cursor);
}

/** Everything the shop holds about a person, for the staff member to hand over; the reading is audited. */
export async function exportPersonalData({ email }: { email: string }, context: AdminContext): Promise<PersonalData> {
  return context.db.transaction(async (tx) => {
    await lockPerson(tx, email);
    const data = await collectPersonalData(tx, email);
    if (!data) throw notFound('Person');
    const customerId = typeof data.account?.id === 'number' ? data.account.id : null;
    await audit(tx, actorOf(context as SignedInContext), {
      action: 'person.exported',
      ...personTarget(customerId, email),
      after: { orders: data.orders.length, reviews: data.reviews.length, addresses: data.addresses.length },
    });
    return data;
  });
}

/**
 * Erases a person on request (see privacy/personal-data.ts for what goes and what stays), audited in the same
 * transaction: the audit keeps what was erased (counts, order references, the reason), not the personal data.
 */
export async function eraseCustomer({ email, reason }: z.output<typeof adminEraseInput>, context: AdminContext) {
  return context.db.transaction(async (tx) => {
    await lockPerson(tx, email);
    const erased = await erasePerson(tx, email);
    if (!erased.account && erased.orders.length === 0) throw notFound('Person');
    await audit(tx, actorOf(context as SignedInContext), {
      action: 'person.erased',
      ...personTarget(erased.customerId, email),
      before: { account: erased.account, orders: erased.orders, reviews: erased.reviews, review_photos: erased.review_photos },
      after: { erased: true, reason },
    });
    return { account: erased.account, orders: erased.orders.length, reviews: erased.reviews, review_photos: erased.review_photos };
  });
}

type SubscriberRow = { id: number; email: string; first_name: string; last_name: string; lang: string; newsletter_interests: string[]; newsletter_consent_at: Date | string | null };

/** The newsletter's subscribers in the order of their accounts, a page after the id `after`. */
export async function listSubscribers({ after }: { after: number }, { db }: AdminContext) {
  const [rows, [counted]] = await Promise.all([
    selectRows<SubscriberRow>(
      db,
      sql`select id, email, first_name, last_name, lang, newsletter_interests, newsletter_consent_at from customers
        where newsletter and id > ${after} order by id limit ${ADMIN_SUBSCRIBERS_PAGE_SIZE + 1}`,
    ),
    selectRows<{ total: number }>(db, sql`select count(*)::int as total from customers where newsletter`),
  ]);
  const page = rows.slice(0, ADMIN_SUBSCRIBERS_PAGE_SIZE);
  return {
    subscribers: page.map((row) => ({
      id: row.id,
      email: row.email,
      first_name: row.first_name,
      last_name: row.last_name,
      lang: row.lang,
      interests: row.newsletter_interests,
      consent_at: row.newsletter_consent_at === null ? null : iso(row.newsletter_consent_at),
    })),
    next: rows.length > ADMIN_SUBSCRIBERS_PAGE_SIZE ? page.at(-1)!.id : null,
    total: counted?.total ?? 0,
  };
}

/** An export of the subscribers leaves its trace before the back office reads them. */
export async function recordSubscribersExport(_input: Record<string, never>, context: AdminContext) {
  return context.db.transaction(async (tx) => {
    const [counted] = await selectRows<{ total: number }>(tx, sql`select count(*)::int as total from customers where newsletter`);
    const total = counted?.total ?? 0;
    await audit(tx, actorOf(context as SignedInContext), { action: 'subscribers.exported', targetType: 'newsletter', targetId: 'subscribers', after: { total } });
    return { total };
  });
}

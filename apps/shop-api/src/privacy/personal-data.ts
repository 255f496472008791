import type { PersonalData } from '@shop/contract';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { selectRows } from '../db/raw.ts';
import { refreshReviewStats } from '../reviews/stats.ts';
import { takeReviewLock } from '../reviews/reviews.ts';
import { sha256 } from '../sessions/tokens.ts';

/** Any constant: the first key of the advisory lock that a person's export and erasure take (with their address's hash). */
const PERSON_LOCK_KEY = 727_026;

/**
 * Takes the person's lock for the rest of the transaction: an export never reads a person half erased, and two
 * erasures of one person run one after the other. Guests have no row to lock, hence an advisory lock on the address.
 */
export async function lockPerson(tx: Queryable, email: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PERSON_LOCK_KEY}, hashtext(${email.toLowerCase()}))`);
}

type Row = Record<string, unknown>;
type CustomerRow = { id: number; email: string; newsletter: boolean; newsletter_consent_at: Date | string | null; newsletter_interests: string[]; erasure_requested_at: Date | string | null };

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The account of an address, if it has one. */
export async function accountOf(tx: Queryable, email: string): Promise<CustomerRow | undefined> {
  const [row] = await selectRows<CustomerRow>(tx, sql`select * from customers where lower(email) = ${email.toLowerCase()}`);
  return row;
}

/** The orders of a person: their account's, and those placed as a guest with their address. */
const personOrders = (customerId: number | null, email: string) =>
  sql`(customer_id = ${customerId ?? -1} or (customer_id is null and lower(email) = ${email.toLowerCase()}))`;

/**
 * Everything the shop holds about the person with this address (call under lockPerson): the account (without its
 * password's hash), consents, addresses, orders with their lines, reviews and their photos (not the pictures),
 * wishlist, cart and checkout, the mails to the address still in the outbox (their links' tokens left out). Null
 * when the shop holds nothing.
 */
export async function collectPersonalData(tx: Queryable, email: string): Promise<PersonalData | null> {
  const address = email.toLowerCase();
  const account = await accountOf(tx, address);
  const id = account?.id ?? null;
  const [addresses, orders, reviews, wishlist, carts, mails] = await Promise.all([
    selectRows<Row>(tx, sql`select * from addresses where customer_id = ${id} order by id`),
    selectRows<Row>(
      tx,
      sql`select o.reference, o.created_at, o.status, o.email, o.lang, o.currency, o.items_cents, o.discounts_cents, o.shipping_cents,
          o.tax_cents, o.total_cents, o.refunded_cents, o.country_iso, o.shipping_address, o.billing_address, o.carrier, o.pickup_point,
          o.delivery_message, o.coupons, o.invoice, o.gateway, o.tracking_number,
          coalesce((select json_agg(json_build_object('product', l.product_name, 'attributes', l.attributes_label, 'reference', l.reference,
            'quantity', l.quantity) order by l.id) from order_lines l where l.order_id = o.id), '[]') as lines
        from orders o where ${personOrders(id, address)} order by o.id`,
    ),
    selectRows<Row>(
      tx,
      sql`select r.id, r.product_id, r.author_name, r.lang, r.title, r.content, r.rating, r.fit, r.quality, r.comfort, r.status, r.created_at, r.updated_at,
          (select count(*)::int from review_photos p where p.review_id = r.id) as photos
        from product_reviews r where r.customer_id = ${id} order by r.id`,
    ),
    selectRows<Row>(tx, sql`select product_id, combination_id, created_at from wishlist_items where customer_id = ${id} order by id`),
    selectRows<Row>(
      tx,
      sql`select c.id, c.created_at, c.updated_at,
          coalesce((select json_agg(json_build_object('product_id', l.product_id, 'combination_id', l.combination_id, 'quantity', l.quantity) order by l.id)
            from cart_lines l where l.cart_id = c.id), '[]') as lines,
          (select row_to_json(k) from (select email, shipping_address, billing_address, invoice, delivery_message, gateway, updated_at
            from checkouts where cart_id = c.id) k) as checkout
        from carts c where c.customer_id = ${id} or c.id in (select cart_id from checkouts where lower(email) = ${address}) order by c.id`,
    ),
    // A reset or set-up link's token is a key to the account, not data about the person: never exported.
    selectRows<Row>(
      tx,
      sql`select kind, recipient, subject, payload - 'token' - 'url' as payload, attempts, created_at, sent_at, given_up_at
        from mail_outbox where lower(recipient) = ${address} order by id`,
    ),
  ]);
  if (!account && orders.length === 0 && carts.length === 0) return null;
  const { password_hash: _secret, ...accountFields } = (account ?? {}) as Row;
  return {
    exported_at: new Date().toISOString(),
    email: account?.email ?? address,
    account: account ? accountFields : null,
    consents: account ? { newsletter: account.newsletter, newsletter_consent_at: iso(account.newsletter_consent_at), newsletter_interests: account.newsletter_interests } : null,
    addresses,
    orders,
    reviews,
    wishlist,
    carts,
    mails,
    erasure_requested_at: iso(account?.erasure_requested_at ?? null),
  };
}

export type Erasure = { account: boolean; customerId: number | null; orders: string[]; reviews: number; review_photos: number };

/**
 * Erases a person (call under lockPerson, in the transaction that audits it). The account goes with its addresses,
 * sessions, wishlist, cart and checkout (deleted with it), and its reviews and their photos; the ratings of the
 * products they reviewed follow. Orders stay for the law (invoices, VAT records) with the personal data replaced:
 * no address, names, phone, delivery note or invoice fields are left, only the country and the amounts. A guest's
 * checkouts, unconfirmed registrations and the outbox's mails to the address (sent or not) go too.
 */
export async function erasePerson(tx: Queryable, email: string): Promise<Erasure> {
  const address = email.toLowerCase();
  const account = await accountOf(tx, address);
  const id = account?.id ?? null;
  // Review locks first, in product order, as every review write takes them (then the rows): no deadlock with a writer.
  const reviewed = await selectRows<{ product_id: number }>(tx, sql`select distinct product_id from product_reviews where customer_id = ${id} order by product_id`);
  for (const { product_id } of reviewed) await takeReviewLock(tx, product_id);
  const [photos] = await selectRows<{ count: number }>(tx, sql`with gone as (delete from review_photos where customer_id = ${id} returning 1) select count(*)::int as count from gone`);
  const [reviews] = await selectRows<{ count: number }>(tx, sql`with gone as (delete from product_reviews where customer_id = ${id} returning 1) select count(*)::int as count from gone`);
  for (const { product_id } of reviewed) await refreshReviewStats(tx, product_id);
  const orders = await selectRows<{ reference: string }>(
    tx,
    sql`update orders set customer_id = null, session_hash = null, email = '', delivery_message = '',
        shipping_address = jsonb_build_object('country', shipping_address->'country', 'erased', true),
        billing_address = jsonb_build_object('country', billing_address->'country', 'erased', true),
        invoice = case when invoice is null then null else jsonb_build_object('erased', true) end,
        updated_at = now()
      where ${personOrders(id, address)} returning reference`,
  );
  await tx.execute(sql`update cart_rule_uses set email = '' where customer_id = ${id ?? -1} or lower(email) = ${address}`);
  await tx.execute(sql`delete from carts where id in (select cart_id from checkouts where lower(email) = ${address})`);
  await tx.execute(sql`delete from pending_registrations where lower(email) = ${address}`);
  await tx.execute(sql`delete from mail_outbox where lower(recipient) = ${address}`);
  if (id !== null) await tx.execute(sql`delete from customers where id = ${id}`);
  return { account: id !== null, customerId: id, orders: orders.map((order) => order.reference).sort(), reviews: reviews?.count ?? 0, review_photos: photos?.count ?? 0 };
}

/** Who an audit row of a person's data is about, without their address: the account's id, else a hash of the address. */
export const personTarget = (customerId: number | null, email: string) =>
  customerId === null ? { targetType: 'guest', targetId: sha256(email.toLowerCase()).slice(0, 16) } : { targetType: 'customer', targetId: customerId };

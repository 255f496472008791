import type { Address, addressFields } from '@shop/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { CallContext } from '../call-context.ts';
import { addresses, countries, customers } from '../db/schema.ts';
import { ApiError, notFound } from '../http/errors.ts';
import type { Transaction } from '../db/client.ts';
import { requireCustomerId } from '../sessions/sessions.ts';

type AddressFields = z.output<typeof addressFields>;
type AddressRow = typeof addresses.$inferSelect;

export function toAddress(row: AddressRow): Address {
  return {
    id: row.id,
    alias: row.alias,
    first_name: row.firstName,
    last_name: row.lastName,
    company: row.company,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    state: row.state,
    country: row.countryIso,
    postcode: row.postcode,
    phone: row.phone,
    vat_number: row.vatNumber,
    is_default: row.isDefault,
  };
}

function columns(address: AddressFields) {
  return {
    alias: address.alias,
    firstName: address.first_name,
    lastName: address.last_name,
    company: address.company,
    address1: address.address1,
    address2: address.address2,
    city: address.city,
    state: address.state,
    countryIso: address.country,
    postcode: address.postcode,
    phone: address.phone,
    vatNumber: address.vat_number,
  };
}

/** Only the caller's own addresses: another customer's address is as unknown as one that does not exist. */
const ownAddress = (id: number, customerId: number) => and(eq(addresses.id, id), eq(addresses.customerId, customerId));

/** The shop delivers to the countries of its countries table; an address elsewhere is bad input. */
async function requireShopCountry({ db }: CallContext, iso: string): Promise<void> {
  const [country] = await db.select({ iso: countries.iso }).from(countries).where(and(eq(countries.iso, iso), eq(countries.isActive, true)));
  if (!country) throw new ApiError(400, 'bad_request', 'Invalid payload', { errors: { 'address.country': ['Choose a country'] } });
}

/**
 * Runs a change of the customer's addresses with the customer's row locked, so that two concurrent changes
 * cannot both leave a default address behind (or none).
 */
function withAddressesLocked<T>({ db }: CallContext, customerId: number, change: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update');
    return change(tx);
  });
}

const unsetDefault = (tx: Transaction, customerId: number) =>
  tx.update(addresses).set({ isDefault: false }).where(and(eq(addresses.customerId, customerId), eq(addresses.isDefault, true)));

/** One of the customer's saved addresses, or null when they have none with this id. */
export async function findOwnAddress({ db }: Pick<CallContext, 'db'>, customerId: number, id: number): Promise<Address | null> {
  const [row] = await db.select().from(addresses).where(ownAddress(id, customerId));
  return row ? toAddress(row) : null;
}

export async function getAddresses(context: CallContext): Promise<{ addresses: Address[] }> {
  const customerId = await requireCustomerId(context);
  const rows = await context.db.select().from(addresses).where(eq(addresses.customerId, customerId)).orderBy(desc(addresses.isDefault), addresses.id);
  return { addresses: rows.map(toAddress) };
}

/** A new address; the first one, or one marked so, becomes the default. */
export async function createAddress(address: AddressFields, context: CallContext): Promise<Address> {
  const customerId = await requireCustomerId(context);
  await requireShopCountry(context, address.country);
  return withAddressesLocked(context, customerId, async (tx) => {
    const [existing] = await tx.select({ id: addresses.id }).from(addresses).where(eq(addresses.customerId, customerId)).limit(1);
    const isDefault = address.is_default || !existing;
    if (isDefault) await unsetDefault(tx, customerId);
    const [row] = await tx
      .insert(addresses)
      .values({ customerId, ...columns(address), isDefault })
      .returning();
    return toAddress(row!);
  });
}

/** Changes an address; the default moves by marking another one, so unticking it on the default keeps it. */
export async function updateAddress(id: number, address: AddressFields, context: CallContext): Promise<Address> {
  const customerId = await requireCustomerId(context);
  await requireShopCountry(context, address.country);
  return withAddressesLocked(context, customerId, async (tx) => {
    const [existing] = await tx.select({ isDefault: addresses.isDefault }).from(addresses).where(ownAddress(id, customerId));
    if (!existing) throw notFound('Address');
    if (address.is_default) await unsetDefault(tx, customerId);
    const [row] = await tx
      .update(addresses)
      .set({ ...columns(address), isDefault: address.is_default || existing.isDefault })
      .where(ownAddress(id, customerId))
      .returning();
    return toAddress(row!);
  });
}

/** Deletes an address; when it was the default, the newest remaining address takes over. */
export async function removeAddress(id: number, context: CallContext): Promise<void> {
  const customerId = await requireCustomerId(context);
  await withAddressesLocked(context, customerId, async (tx) => {
    const [removed] = await tx.delete(addresses).where(ownAddress(id, customerId)).returning({ isDefault: addresses.isDefault });
    if (!removed) throw notFound('Address');
    if (!removed.isDefault) return;
    const [newest] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(eq(addresses.customerId, customerId))
      .orderBy(desc(addresses.createdAt), desc(addresses.id))
      .limit(1);
    if (newest) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, newest.id));
  });
}

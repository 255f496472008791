ALTER TABLE "staff" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
-- Hand-written (trigram indexes are not in the schema, as migrations 0001's and 0021's): the back office's orders
-- search, a part of the email address or of the name the list shows (the shipping address's), lowercased, in one
-- text (staff/orders.ts, ordersMatching).
CREATE INDEX IF NOT EXISTS "orders_search_trgm" ON "orders" USING gin ((lower("email" || ' ' || coalesce("shipping_address"->>'first_name', '') || ' ' || coalesce("shipping_address"->>'last_name', ''))) gin_trgm_ops);

ALTER TABLE "customers" ADD COLUMN "newsletter_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "erasure_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD COLUMN "status" varchar(12) DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD COLUMN "moderation_reason" text;--> statement-breakpoint
CREATE INDEX "customers_created_idx" ON "customers" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "customers_newsletter_idx" ON "customers" USING btree ("id") WHERE "customers"."newsletter";--> statement-breakpoint
CREATE INDEX "orders_guest_email_idx" ON "orders" USING btree (lower("email"),"created_at","id") WHERE "orders"."customer_id" is null;--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "product_reviews_status_idx" ON "product_reviews" USING btree ("status","created_at","id");--> statement-breakpoint
-- Hand-written: customers who said yes before the consent date was kept count from their account's creation.
UPDATE "customers" SET "newsletter_consent_at" = "created_at" WHERE "newsletter" AND "newsletter_consent_at" IS NULL;--> statement-breakpoint
-- Hand-written (trigram indexes are not in the schema, as migration 0001's): the back office's customer search,
-- a part of the address or the name, lowercased, in one text (staff/customers.ts).
CREATE INDEX IF NOT EXISTS "customers_search_trgm" ON "customers" USING gin ((lower("email") || ' ' || lower("first_name") || ' ' || lower("last_name")) gin_trgm_ops);

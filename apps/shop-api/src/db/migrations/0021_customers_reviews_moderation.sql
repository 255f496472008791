ALTER TABLE "customers" ADD COLUMN "newsletter_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "erasure_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD COLUMN "status" varchar(12) DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD COLUMN "moderation_reason" text;--> statement-breakpoint
CREATE INDEX "orders_guest_email_idx" ON "orders" USING btree (lower("email")) WHERE "orders"."customer_id" is null;--> statement-breakpoint
CREATE INDEX "product_reviews_status_idx" ON "product_reviews" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
-- Hand-written: customers who said yes before the consent date was kept count from their account's creation.
UPDATE "customers" SET "newsletter_consent_at" = "created_at" WHERE "newsletter" AND "newsletter_consent_at" IS NULL;

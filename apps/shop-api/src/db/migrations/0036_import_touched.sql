ALTER TABLE "product_imports" ADD COLUMN "touched_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- An import's last work so far is its dry run (or, applied in part, a batch after it): counted from its dry run, as before.
UPDATE "product_imports" SET "touched_at" = "created_at";
--> statement-breakpoint
CREATE INDEX "products_drafts_idx" ON "products" USING btree ("created_at","id") WHERE not "products"."is_active";

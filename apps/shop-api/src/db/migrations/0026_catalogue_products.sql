ALTER TABLE "combinations" ADD COLUMN "gtin" text;--> statement-breakpoint
ALTER TABLE "combinations" ADD COLUMN "available_date" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "combinations_gtin_idx" ON "combinations" USING btree ("gtin") WHERE "combinations"."gtin" is not null;--> statement-breakpoint
CREATE INDEX "combinations_reference_idx" ON "combinations" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "combinations_quantity_idx" ON "combinations" USING btree ("quantity");--> statement-breakpoint
-- Hand-written (trigram indexes are not in the schema, as migrations 0021's and 0023's): the back office's product
-- search by a part of a name in any language (staff/products.ts, productsMatching).
CREATE INDEX IF NOT EXISTS "product_translations_name_trgm" ON "product_translations" USING gin ((lower("name")) gin_trgm_ops);
--> statement-breakpoint
-- Hand-written too: the complete texts of a language (name, slug, description), read index-only by the list's
-- 'missing a language' filter and its completeness marks.
CREATE INDEX IF NOT EXISTS "product_translations_complete_idx" ON "product_translations" ("lang", "product_id") WHERE "name" <> '' AND "slug" <> '' AND "description" <> '';

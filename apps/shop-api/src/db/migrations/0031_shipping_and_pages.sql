DROP TABLE "shipping_zones" CASCADE;--> statement-breakpoint
ALTER TABLE "carrier_rates" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "content_page_translations" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "countries" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE TABLE "category_size_charts" (
	"category_id" integer PRIMARY KEY NOT NULL,
	"page_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "category_size_charts" ADD CONSTRAINT "category_size_charts_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_size_charts" ADD CONSTRAINT "category_size_charts_page_id_content_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."content_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A page's text becomes the Markdown the back office edits (ADR 48): its paragraphs, a blank line apart. Size charts
-- keep their { columns, rows }.
UPDATE content_page_translations t SET body = to_jsonb(array_to_string(ARRAY(SELECT jsonb_array_elements_text(t.body)), E'\n\n'))
  FROM content_pages p WHERE p.id = t.page_id AND p.kind = 'page' AND jsonb_typeof(t.body) = 'array';
--> statement-breakpoint
-- Delivery prices, the one-brand thresholds, the content pages and the size charts' categories are part of what the
-- answers kept per revision are made of (the feed's shipping, the product page's size chart): a change raises the
-- catalogue revision as it commits (ADR 28).
DO $$
DECLARE
  source text;
BEGIN
  FOREACH source IN ARRAY ARRAY['carriers', 'carrier_rates', 'brand_free_shipping', 'content_pages', 'content_page_translations', 'category_size_charts']
  LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', source || '_revision', source);
    EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I DEFERRABLE INITIALLY DEFERRED '
      'FOR EACH ROW EXECUTE FUNCTION catalog_revision_raise()', source || '_revision', source);
  END LOOP;
END $$;
--> statement-breakpoint
-- A shop seeded before this kept its size charts per gender: the demo shop's gender categories get theirs (a new
-- database has no pages yet; the seed gives them).
INSERT INTO category_size_charts (category_id, page_id)
  SELECT c.id, cp.id FROM content_pages cp
  JOIN categories c ON c.id = CASE cp.key WHEN 'size-chart-women' THEN 3 WHEN 'size-chart-men' THEN 4 WHEN 'size-chart-kids' THEN 5 END
  ON CONFLICT DO NOTHING;

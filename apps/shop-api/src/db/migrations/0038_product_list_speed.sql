-- The back office's product list on 100,000 products (issue 27, ADR 63). Hand-written, like 0037; products_created_idx is also in schema.ts.
--
-- 'Stock, lowest first' joined every product's listing row and sorted the 100,000 (170–240 ms): this index is the
-- order itself, a page walks 25 entries (a filtered page until 25 match).
CREATE INDEX IF NOT EXISTS catalog_listing_stock ON catalog_listing (stock, product_id);
--> statement-breakpoint

-- The list newest first (the default order) with the filters a product's id answers (a word's products, those
-- missing a language, listed first by id; a category; no photo): with the id in the index the walk reads no product
-- row. A word of 1,520 names, when they were old products, walked 39,000 index entries: 68 ms with each product's row
-- read, 7 ms without.
DROP INDEX IF EXISTS products_created_idx;
--> statement-breakpoint
CREATE INDEX products_created_idx ON products (created_at, id);
--> statement-breakpoint

-- 'Missing a language' compared every product with the language's complete texts (100,000 against 100,000: 30 ms
-- hashed, 0.4–0.9 s when the planner, expecting many products to miss it, probed them one by one newest first). Kept
-- here instead: a row per product and shop language without a complete text (a name, a slug and a description), so
-- the filter reads the few products that miss it. Written by the triggers below, in the transaction of the change.
CREATE TABLE IF NOT EXISTS product_missing_langs (
  lang varchar(2) NOT NULL,
  product_id integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  PRIMARY KEY (lang, product_id)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS product_missing_langs_product ON product_missing_langs (product_id);
--> statement-breakpoint

-- The shop's languages: STOREFRONT_LANGUAGES of @shop/contract (a test holds the two the same).
CREATE OR REPLACE FUNCTION shop_languages() RETURNS varchar(2)[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY['en', 'fr', 'it', 'es', 'de']::varchar(2)[]
$$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION product_missing_langs_refresh(product_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Under the products' catalogue locks (0037), then read: two changes of one product's texts write in turn, the
  -- second reading what the first committed.
  PERFORM catalog_lock_products(product_ids);
  DELETE FROM product_missing_langs m WHERE m.product_id = ANY (product_ids);
  INSERT INTO product_missing_langs (lang, product_id)
  SELECT shop.lang, p.id
  FROM products p CROSS JOIN unnest(shop_languages()) AS shop(lang)
  WHERE p.id = ANY (product_ids)
    AND NOT EXISTS (
      SELECT 1 FROM product_translations t
      WHERE t.product_id = p.id AND t.lang = shop.lang AND t.name <> '' AND t.slug <> '' AND t.description <> ''
    )
  ON CONFLICT DO NOTHING;
END $$;
--> statement-breakpoint

-- TG_ARGV[0] names the column of changed_rows holding the product id.
CREATE OR REPLACE FUNCTION product_missing_langs_from_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_ARGV[0] = 'id' THEN
    PERFORM product_missing_langs_refresh(ARRAY(SELECT id FROM changed_rows));
  ELSE
    PERFORM product_missing_langs_refresh(ARRAY(SELECT DISTINCT product_id FROM changed_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_missing_langs_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION product_missing_langs_from_rows('id');
--> statement-breakpoint
CREATE TRIGGER product_translations_missing_langs_insert AFTER INSERT ON product_translations
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION product_missing_langs_from_rows('product_id');
--> statement-breakpoint
CREATE TRIGGER product_translations_missing_langs_update AFTER UPDATE ON product_translations
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION product_missing_langs_from_rows('product_id');
--> statement-breakpoint
CREATE TRIGGER product_translations_missing_langs_delete AFTER DELETE ON product_translations
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION product_missing_langs_from_rows('product_id');
--> statement-breakpoint
SELECT product_missing_langs_refresh(ARRAY(SELECT id FROM products));
--> statement-breakpoint
-- It served only the comparison above (0026).
DROP INDEX IF EXISTS product_translations_complete_idx;

-- The back office's product list on 100,000 products (issue 27, ADR 63). Hand-written, like 0038.
--
-- A word of a name was looked up through product_translations' trigram index, whose recheck reads each matching
-- name's whole row (364 bytes on average: descriptions, care, composition, SEO), about a page per name: 17–37 ms for
-- 7,000–20,000 names of the 100,000-product catalogue. Kept here instead, the lowercased names alone (a tenth of
-- that), with their own trigram index: 9–17 ms. Written by the triggers below, in the transaction of the change.
-- The index on lower(product_translations.name) (0026) is read no more; the previous release reads it while a rolling
-- restart runs, so it is dropped by the next release's migrations (README: drop in the release after).
CREATE TABLE IF NOT EXISTS product_names (
  product_id integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  lang varchar(2) NOT NULL,
  name text NOT NULL,
  PRIMARY KEY (product_id, lang)
);
--> statement-breakpoint

CREATE OR REPLACE FUNCTION product_names_refresh(product_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Under the products' catalogue locks (0037), as product_missing_langs (0038): two changes of one product's texts
  -- write in turn, the second reading what the first committed.
  PERFORM catalog_lock_products(product_ids);
  DELETE FROM product_names n WHERE n.product_id = ANY (product_ids);
  INSERT INTO product_names (product_id, lang, name)
  SELECT t.product_id, t.lang, lower(t.name) FROM product_translations t WHERE t.product_id = ANY (product_ids)
  ON CONFLICT (product_id, lang) DO UPDATE SET name = excluded.name;
END $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION product_names_from_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_names_refresh(ARRAY(SELECT DISTINCT product_id FROM changed_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_translations_names_insert AFTER INSERT ON product_translations
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION product_names_from_rows();
--> statement-breakpoint
CREATE TRIGGER product_translations_names_update AFTER UPDATE ON product_translations
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION product_names_from_rows();
--> statement-breakpoint
CREATE TRIGGER product_translations_names_delete AFTER DELETE ON product_translations
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION product_names_from_rows();
--> statement-breakpoint
INSERT INTO product_names (product_id, lang, name) SELECT product_id, lang, lower(name) FROM product_translations ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS product_names_trgm ON product_names USING gin (name gin_trgm_ops);
--> statement-breakpoint
-- Its statistics now: until autovacuum's first analyze the planner guessed at the new table (a word's p95 133 ms).
ANALYZE product_names;

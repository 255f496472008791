-- Catalogue search and filtering (hand-written: drizzle-kit knows nothing of what is below).
--
-- 1. Full-text search in each language's own configuration, so that 'robes' finds 'robe' and 'Kleider'
--    finds 'Kleid': one GIN index per language over the expression the API searches with
--    (catalog/search-sql.ts builds the same expression; the two must stay identical).
-- 2. pg_trgm on a lexicon of the catalogue's words, for typos ('jaket' → 'jacket').
-- 3. catalog_product_facets: per product, what a filtered listing needs from its combinations (the sizes and
--    colours one can buy, the stock), kept up to date by triggers. Aggregating combinations per request
--    costs a join of about twenty rows per product; on a large catalogue that is the whole budget.
-- Both derived tables are filled by triggers and rebuilt below from what is already there.

CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS product_translations_search_en ON product_translations
  USING gin ((setweight(to_tsvector('english'::regconfig, name), 'A') || setweight(to_tsvector('english'::regconfig, description), 'B')))
  WHERE lang = 'en';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS product_translations_search_fr ON product_translations
  USING gin ((setweight(to_tsvector('french'::regconfig, name), 'A') || setweight(to_tsvector('french'::regconfig, description), 'B')))
  WHERE lang = 'fr';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS product_translations_search_it ON product_translations
  USING gin ((setweight(to_tsvector('italian'::regconfig, name), 'A') || setweight(to_tsvector('italian'::regconfig, description), 'B')))
  WHERE lang = 'it';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS product_translations_search_es ON product_translations
  USING gin ((setweight(to_tsvector('spanish'::regconfig, name), 'A') || setweight(to_tsvector('spanish'::regconfig, description), 'B')))
  WHERE lang = 'es';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS product_translations_search_de ON product_translations
  USING gin ((setweight(to_tsvector('german'::regconfig, name), 'A') || setweight(to_tsvector('german'::regconfig, description), 'B')))
  WHERE lang = 'de';
--> statement-breakpoint

-- Listings ordered by popularity or date walk these instead of sorting the whole catalogue.
CREATE INDEX IF NOT EXISTS products_sales_idx ON products (sales_count DESC, id);
--> statement-breakpoint

-- The words of product and category names, per language: the vocabulary typos are corrected against.
CREATE TABLE IF NOT EXISTS search_lexicon (
  lang varchar(2) NOT NULL,
  word text NOT NULL,
  PRIMARY KEY (lang, word)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS search_lexicon_word_trgm ON search_lexicon USING gin (word gin_trgm_ops);
--> statement-breakpoint
-- 'simple' lowercases and splits like the search configurations do, without stemming; 'T-shirt' gives
-- 't-shirt', 't' and 'shirt'. Words under three letters help no correction.
CREATE OR REPLACE FUNCTION search_lexicon_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_lexicon (lang, word)
  SELECT DISTINCT new_rows.lang, word FROM new_rows, unnest(tsvector_to_array(to_tsvector('simple', new_rows.name))) AS word
  WHERE length(word) >= 3
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_translations_lexicon_insert AFTER INSERT ON product_translations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_add();
--> statement-breakpoint
CREATE TRIGGER product_translations_lexicon_update AFTER UPDATE ON product_translations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_add();
--> statement-breakpoint
CREATE TRIGGER category_translations_lexicon_insert AFTER INSERT ON category_translations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_add();
--> statement-breakpoint
CREATE TRIGGER category_translations_lexicon_update AFTER UPDATE ON category_translations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_add();
--> statement-breakpoint
INSERT INTO search_lexicon (lang, word)
SELECT DISTINCT lang, word FROM (
  SELECT lang, name FROM product_translations UNION ALL SELECT lang, name FROM category_translations
) AS names, unnest(tsvector_to_array(to_tsvector('simple', names.name))) AS word
WHERE length(word) >= 3
ON CONFLICT DO NOTHING;
--> statement-breakpoint

CREATE TABLE IF NOT EXISTS catalog_product_facets (
  product_id integer PRIMARY KEY REFERENCES products (id) ON DELETE CASCADE,
  -- Sizes and colours of the combinations a shopper can order now: in stock, or sold on backorder/pre-order.
  attribute_ids integer[] NOT NULL DEFAULT '{}',
  stock integer NOT NULL DEFAULT 0
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS catalog_product_facets_attributes ON catalog_product_facets USING gin (attribute_ids);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_refresh_product_facets(product_ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO catalog_product_facets (product_id, attribute_ids, stock)
  SELECT p.id,
    coalesce((
      SELECT array_agg(DISTINCT ca.attribute_id ORDER BY ca.attribute_id)
      FROM combinations c JOIN combination_attributes ca ON ca.combination_id = c.id
      WHERE c.product_id = p.id AND (c.quantity > 0 OR p.out_of_stock_policy <> 'deny')
    ), '{}'),
    coalesce((SELECT sum(greatest(c.quantity, 0))::int FROM combinations c WHERE c.product_id = p.id), 0)
  FROM products p
  WHERE p.id = ANY (product_ids)
  ON CONFLICT (product_id) DO UPDATE SET attribute_ids = excluded.attribute_ids, stock = excluded.stock;
$$;
--> statement-breakpoint
-- One function per table and event: a statement-level trigger sees only the transition tables it declares.
CREATE OR REPLACE FUNCTION catalog_facets_from_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_refresh_product_facets(ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_facets_from_new_combinations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_refresh_product_facets(ARRAY(SELECT DISTINCT product_id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_facets_from_old_combinations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_refresh_product_facets(ARRAY(SELECT DISTINCT product_id FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_facets_from_new_combination_attributes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_refresh_product_facets(ARRAY(
    SELECT DISTINCT c.product_id FROM new_rows JOIN combinations c ON c.id = new_rows.combination_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_facets_from_old_combination_attributes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_refresh_product_facets(ARRAY(
    SELECT DISTINCT c.product_id FROM old_rows JOIN combinations c ON c.id = old_rows.combination_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_facets_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_facets_from_products();
--> statement-breakpoint
CREATE TRIGGER products_facets_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_facets_from_products();
--> statement-breakpoint
CREATE TRIGGER combinations_facets_insert AFTER INSERT ON combinations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_facets_from_new_combinations();
--> statement-breakpoint
CREATE TRIGGER combinations_facets_update AFTER UPDATE ON combinations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_facets_from_new_combinations();
--> statement-breakpoint
CREATE TRIGGER combinations_facets_delete AFTER DELETE ON combinations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_facets_from_old_combinations();
--> statement-breakpoint
CREATE TRIGGER combination_attributes_facets_insert AFTER INSERT ON combination_attributes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_facets_from_new_combination_attributes();
--> statement-breakpoint
CREATE TRIGGER combination_attributes_facets_update AFTER UPDATE ON combination_attributes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_facets_from_new_combination_attributes();
--> statement-breakpoint
CREATE TRIGGER combination_attributes_facets_delete AFTER DELETE ON combination_attributes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_facets_from_old_combination_attributes();
--> statement-breakpoint
SELECT catalog_refresh_product_facets(ARRAY(SELECT id FROM products));

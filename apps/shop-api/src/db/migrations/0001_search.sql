-- Catalogue search and filtering (hand-written: drizzle-kit knows nothing of what is below).
--
-- 1. Full-text search in each language's own configuration, so that 'robes' finds 'robe' and 'Kleider'
--    finds 'Kleid': a stored search document per product translation, with one GIN index per language.
-- 2. pg_trgm on a lexicon of the catalogue's words, for typos ('jaket' → 'jacket').
-- 3. catalog_listing: one narrow row per product with all a listing filters, counts and sorts by (categories,
--    brand, badges, stock state, the sizes and colours one can buy, popularity, date, net price), kept up to
--    date by triggers. Joining products, categories and twenty combination rows per product on every request
--    costs, on a large catalogue, many times the whole time budget of a listing.
-- The derived tables (documents, lexicon, listing rows) are kept by triggers and filled below from what is there.

CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- The language's text-search configuration: stemming makes 'robes' find 'robe' and 'Kleider' find 'Kleid'.
CREATE OR REPLACE FUNCTION search_config(lang varchar) RETURNS regconfig LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE lang WHEN 'fr' THEN 'french' WHEN 'it' THEN 'italian' WHEN 'es' THEN 'spanish' WHEN 'de' THEN 'german'
    ELSE 'english' END::regconfig;
$$;
--> statement-breakpoint
-- Each translation's search document, stored: ranking thousands of matches must not parse and stem every
-- name and description again. Name words weigh A, description words B.
CREATE TABLE IF NOT EXISTS product_search_documents (
  product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  lang varchar(2) NOT NULL,
  document tsvector NOT NULL,
  PRIMARY KEY (product_id, lang)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS product_search_documents_en ON product_search_documents USING gin (document) WHERE lang = 'en';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS product_search_documents_fr ON product_search_documents USING gin (document) WHERE lang = 'fr';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS product_search_documents_it ON product_search_documents USING gin (document) WHERE lang = 'it';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS product_search_documents_es ON product_search_documents USING gin (document) WHERE lang = 'es';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS product_search_documents_de ON product_search_documents USING gin (document) WHERE lang = 'de';
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_search_documents_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_search_documents (product_id, lang, document)
  SELECT product_id, lang,
    setweight(to_tsvector(search_config(lang), name), 'A') || setweight(to_tsvector(search_config(lang), description), 'B')
  FROM new_rows
  ON CONFLICT (product_id, lang) DO UPDATE SET document = excluded.document;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_search_documents_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_search_documents d USING old_rows WHERE d.product_id = old_rows.product_id AND d.lang = old_rows.lang;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_translations_search_insert AFTER INSERT ON product_translations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_search_documents_write();
--> statement-breakpoint
CREATE TRIGGER product_translations_search_update AFTER UPDATE ON product_translations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_search_documents_write();
--> statement-breakpoint
CREATE TRIGGER product_translations_search_delete AFTER DELETE ON product_translations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_search_documents_remove();
--> statement-breakpoint
INSERT INTO product_search_documents (product_id, lang, document)
SELECT product_id, lang, setweight(to_tsvector(search_config(lang), name), 'A') || setweight(to_tsvector(search_config(lang), description), 'B')
FROM product_translations
ON CONFLICT (product_id, lang) DO NOTHING;
--> statement-breakpoint

-- The best-sellers rail walks this instead of sorting the whole catalogue.
CREATE INDEX IF NOT EXISTS products_sales_idx ON products (sales_count DESC, id);
--> statement-breakpoint
-- A listing takes each product's oldest running discount: read in this order, no sort is needed.
CREATE INDEX IF NOT EXISTS specific_prices_product_order ON specific_prices (product_id, id);
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

CREATE TABLE IF NOT EXISTS catalog_listing (
  product_id integer PRIMARY KEY REFERENCES products (id) ON DELETE CASCADE,
  is_active boolean NOT NULL,
  category_ids integer[] NOT NULL,
  brand_id integer,
  badges text[] NOT NULL,
  policy varchar(12) NOT NULL,
  sales_count integer NOT NULL,
  created_at timestamptz NOT NULL,
  price_net_cents integer NOT NULL,
  -- Sizes and colours of the combinations a shopper can order now: in stock, or sold on backorder/pre-order.
  attribute_ids integer[] NOT NULL,
  stock integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS catalog_listing_categories ON catalog_listing USING gin (category_ids);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS catalog_listing_brand ON catalog_listing (brand_id);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_listing_refresh(product_ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO catalog_listing (product_id, is_active, category_ids, brand_id, badges, policy, sales_count, created_at,
    price_net_cents, attribute_ids, stock)
  SELECT p.id, p.is_active, coalesce(categories.ids, '{}'), p.brand_id, p.badges, p.out_of_stock_policy, p.sales_count, p.created_at,
    p.price_net_cents, coalesce(buyable.attribute_ids, '{}'), coalesce(stock.total, 0)
  FROM (SELECT DISTINCT unnest(product_ids) AS id) AS changed
  JOIN products p ON p.id = changed.id
  LEFT JOIN LATERAL (SELECT array_agg(pc.category_id ORDER BY pc.category_id) AS ids FROM product_categories pc WHERE pc.product_id = p.id) AS categories ON true
  LEFT JOIN LATERAL (
    SELECT array_agg(DISTINCT ca.attribute_id ORDER BY ca.attribute_id) AS attribute_ids
    FROM combinations c JOIN combination_attributes ca ON ca.combination_id = c.id
    WHERE c.product_id = p.id AND (c.quantity > 0 OR p.out_of_stock_policy <> 'deny')
  ) AS buyable ON true
  LEFT JOIN LATERAL (SELECT sum(greatest(c.quantity, 0))::int AS total FROM combinations c WHERE c.product_id = p.id) AS stock ON true
  ON CONFLICT (product_id) DO UPDATE SET is_active = excluded.is_active, category_ids = excluded.category_ids, brand_id = excluded.brand_id,
    badges = excluded.badges, policy = excluded.policy, sales_count = excluded.sales_count, created_at = excluded.created_at,
    price_net_cents = excluded.price_net_cents, attribute_ids = excluded.attribute_ids, stock = excluded.stock;
$$;
--> statement-breakpoint
-- One function per transition table: a statement-level trigger sees only the ones it declares.
CREATE OR REPLACE FUNCTION catalog_listing_from_new_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV[0] names the column of new_rows holding the product id.
  IF TG_ARGV[0] = 'id' THEN
    PERFORM catalog_listing_refresh(ARRAY(SELECT id FROM new_rows));
  ELSE
    PERFORM catalog_listing_refresh(ARRAY(SELECT DISTINCT product_id FROM new_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_listing_from_old_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_listing_refresh(ARRAY(SELECT DISTINCT product_id FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_listing_from_new_combination_attributes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_listing_refresh(ARRAY(SELECT DISTINCT c.product_id FROM new_rows JOIN combinations c ON c.id = new_rows.combination_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_listing_from_old_combination_attributes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_listing_refresh(ARRAY(SELECT DISTINCT c.product_id FROM old_rows JOIN combinations c ON c.id = old_rows.combination_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_listing_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_listing_from_new_rows('id');
--> statement-breakpoint
CREATE TRIGGER products_listing_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_listing_from_new_rows('id');
--> statement-breakpoint
CREATE TRIGGER product_categories_listing_insert AFTER INSERT ON product_categories
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_listing_from_new_rows('product_id');
--> statement-breakpoint
CREATE TRIGGER product_categories_listing_update AFTER UPDATE ON product_categories
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_listing_from_new_rows('product_id');
--> statement-breakpoint
CREATE TRIGGER product_categories_listing_delete AFTER DELETE ON product_categories
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_listing_from_old_rows();
--> statement-breakpoint
CREATE TRIGGER combinations_listing_insert AFTER INSERT ON combinations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_listing_from_new_rows('product_id');
--> statement-breakpoint
CREATE TRIGGER combinations_listing_update AFTER UPDATE ON combinations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_listing_from_new_rows('product_id');
--> statement-breakpoint
CREATE TRIGGER combinations_listing_delete AFTER DELETE ON combinations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_listing_from_old_rows();
--> statement-breakpoint
CREATE TRIGGER combination_attributes_listing_insert AFTER INSERT ON combination_attributes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_listing_from_new_combination_attributes();
--> statement-breakpoint
CREATE TRIGGER combination_attributes_listing_update AFTER UPDATE ON combination_attributes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_listing_from_new_combination_attributes();
--> statement-breakpoint
CREATE TRIGGER combination_attributes_listing_delete AFTER DELETE ON combination_attributes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_listing_from_old_combination_attributes();
--> statement-breakpoint
SELECT catalog_listing_refresh(ARRAY(SELECT id FROM products));

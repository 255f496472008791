-- The search index (hand-written, like 0001_search and 0004_listing_entries): one row per active product and
-- language with its search document, its name, and what a listing reads of the product (its row of
-- catalog_listing_entries for the whole catalogue: class, brand, sales, date, prices).
--
-- A search read its matches from product_search_documents, then joined them to the catalogue's 100,000 rows of
-- catalog_listing_entries for their classes and prices: on the large catalogue the join, not the text search,
-- was most of each of the search's two statements (40-60 ms each). Here the matches of a query are the rows
-- a listing groups and sorts, read by one index and nothing else. Suggestions rank their candidates by the
-- similarity of their names: those are here too (looked up one by one, 200 names cost some 7 ms).
-- Rows are copies: a trigger on each source table writes again the rows of the products whose document or
-- entry changed (catalog_search_refresh), so that they follow products, translations, categories, stock and
-- discounts as the listing entries do.

-- Partitioned by language: a language's rows fill pages of their own (the 11,552 matches of 'dress' in English
-- lie on 4,200 pages rather than 5,200), the planner knows each language's statistics (it estimated 2,300 of
-- those matches without), and the GIN index of a language is its partition's.
CREATE TABLE IF NOT EXISTS catalog_search_entries (
  product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  lang varchar(2) NOT NULL,
  document tsvector NOT NULL,
  name text NOT NULL,
  -- As in catalog_listing_entries (listing.ts reads both alike).
  class_id integer NOT NULL,
  brand_id integer,
  sales_count integer NOT NULL,
  created_at timestamptz NOT NULL,
  price_net_cents integer NOT NULL,
  reduced_net_cents integer NOT NULL,
  price_from timestamptz NOT NULL,
  price_until timestamptz NOT NULL,
  PRIMARY KEY (product_id, lang)
) PARTITION BY LIST (lang);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS catalog_search_entries_en PARTITION OF catalog_search_entries FOR VALUES IN ('en');
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS catalog_search_entries_fr PARTITION OF catalog_search_entries FOR VALUES IN ('fr');
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS catalog_search_entries_it PARTITION OF catalog_search_entries FOR VALUES IN ('it');
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS catalog_search_entries_es PARTITION OF catalog_search_entries FOR VALUES IN ('es');
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS catalog_search_entries_de PARTITION OF catalog_search_entries FOR VALUES IN ('de');
--> statement-breakpoint
-- Translations in a language the storefront does not search.
CREATE TABLE IF NOT EXISTS catalog_search_entries_other PARTITION OF catalog_search_entries DEFAULT;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS catalog_search_entries_document ON catalog_search_entries USING gin (document);
--> statement-breakpoint
-- The documents are now searched in catalog_search_entries only.
DROP INDEX IF EXISTS product_search_documents_en, product_search_documents_fr, product_search_documents_it,
  product_search_documents_es, product_search_documents_de;
--> statement-breakpoint
-- The search rows of these products, written again from their documents, names and whole-catalogue entry;
-- rows that did not change are left alone, and a product without an entry (inactive, gone) has none.
CREATE OR REPLACE FUNCTION catalog_search_refresh(product_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  product integer;
BEGIN
  -- Lock first, then read. Two statements refreshing one product at once (a rename and a stock change) each read
  -- the sources as they stood when they began: the one written last would put back what the other changed (a
  -- rename lost, found by search.test.ts). Each product's lock is held to the end of its transaction, taken in
  -- the products' order; the statements below read what the transaction before committed. 1013: any constant.
  FOR product IN SELECT DISTINCT id FROM unnest(product_ids) AS id ORDER BY id LOOP
    PERFORM pg_advisory_xact_lock(1013, product);
  END LOOP;
  INSERT INTO catalog_search_entries AS existing (product_id, lang, document, name, class_id, brand_id, sales_count, created_at,
    price_net_cents, reduced_net_cents, price_from, price_until)
  SELECT e.product_id, d.lang, d.document, t.name, e.class_id, e.brand_id, e.sales_count, e.created_at,
    e.price_net_cents, e.reduced_net_cents, e.price_from, e.price_until
  FROM catalog_listing_entries e
  JOIN product_search_documents d ON d.product_id = e.product_id
  JOIN product_translations t ON t.product_id = d.product_id AND t.lang = d.lang
  WHERE e.category_id = 0 AND e.product_id = ANY (product_ids)
  -- Rows are written, and locked, in one order: two statements refreshing the same products at once (a rename and a
  -- stock change) would otherwise each hold a row the other waits for (a deadlock, found by search.test.ts).
  ORDER BY e.product_id, d.lang
  ON CONFLICT (product_id, lang) DO UPDATE SET document = excluded.document, name = excluded.name, class_id = excluded.class_id,
    brand_id = excluded.brand_id, sales_count = excluded.sales_count, created_at = excluded.created_at,
    price_net_cents = excluded.price_net_cents, reduced_net_cents = excluded.reduced_net_cents,
    price_from = excluded.price_from, price_until = excluded.price_until
  WHERE (existing.document, existing.name, existing.class_id, existing.brand_id, existing.sales_count, existing.created_at,
      existing.price_net_cents, existing.reduced_net_cents, existing.price_from, existing.price_until)
    IS DISTINCT FROM (excluded.document, excluded.name, excluded.class_id, excluded.brand_id, excluded.sales_count, excluded.created_at,
      excluded.price_net_cents, excluded.reduced_net_cents, excluded.price_from, excluded.price_until);

  DELETE FROM catalog_search_entries s
  WHERE s.product_id = ANY (product_ids)
    AND NOT EXISTS (
      SELECT 1 FROM catalog_listing_entries e JOIN product_search_documents d ON d.product_id = e.product_id AND d.lang = s.lang
      WHERE e.category_id = 0 AND e.product_id = s.product_id
    );
END $$;
--> statement-breakpoint
-- For the statement triggers of both source tables: the products of the rows the statement wrote or removed.
-- (PL/pgSQL plans a branch when it runs: each branch reads only the transition tables its trigger declares.)
CREATE OR REPLACE FUNCTION catalog_search_from_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM catalog_search_refresh(ARRAY(SELECT DISTINCT product_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM catalog_search_refresh(ARRAY(SELECT product_id FROM old_rows UNION SELECT product_id FROM new_rows));
  ELSE
    PERFORM catalog_search_refresh(ARRAY(SELECT DISTINCT product_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER catalog_listing_entries_search_insert AFTER INSERT ON catalog_listing_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_search_from_rows();
--> statement-breakpoint
CREATE TRIGGER catalog_listing_entries_search_update AFTER UPDATE ON catalog_listing_entries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_search_from_rows();
--> statement-breakpoint
CREATE TRIGGER catalog_listing_entries_search_delete AFTER DELETE ON catalog_listing_entries
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_search_from_rows();
--> statement-breakpoint
CREATE TRIGGER product_search_documents_search_insert AFTER INSERT ON product_search_documents
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_search_from_rows();
--> statement-breakpoint
CREATE TRIGGER product_search_documents_search_update AFTER UPDATE ON product_search_documents
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_search_from_rows();
--> statement-breakpoint
CREATE TRIGGER product_search_documents_search_delete AFTER DELETE ON product_search_documents
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_search_from_rows();
--> statement-breakpoint
SELECT catalog_search_refresh(ARRAY(SELECT product_id FROM catalog_listing_entries WHERE category_id = 0));
--> statement-breakpoint
ANALYZE catalog_search_entries;

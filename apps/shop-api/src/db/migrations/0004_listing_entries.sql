-- Listings of large categories (hand-written, like 0001_search: drizzle-kit knows nothing of what is below).
--
-- A filtered listing counts every facet over all the products of its category, each count with the other
-- filters applied. Done product by product over catalog_listing, a 40,000-product category cost some hundreds
-- of milliseconds: the whole table was read for every category, the running discounts were looked up again
-- for every product, and the sizes, colours and badges were grouped as arrays, facet by facet. Two
-- trigger-maintained tables make that work small:
--
-- 1. catalog_listing_classes: the distinct combinations of what the facets and the filters other than price
--    look at (sizes and colours one can buy, badges, brand, stock policy, in stock or not). Thousands of
--    products share a few hundred; a listing groups its products by class id (an integer) once, and then
--    counts every facet over those few hundred groups.
-- 2. catalog_listing_entries: one narrow row per (category, product) for active products, category 0 being the
--    whole catalogue (brand pages and searches), with the product's class and its net price after the running
--    discount, stored with the period for which that stays true ([price_from, price_until): no discount starts
--    or ends in it). A listing reads only the rows of its category, and looks a discount up only for a product
--    whose stored period is over.
-- 3. An index of product names per language, in the order of a listing by name: a page of a large category
--    sorted by name reads some dozens of names instead of joining and sorting tens of thousands.

CREATE TABLE IF NOT EXISTS catalog_listing_classes (
  id serial PRIMARY KEY,
  attribute_ids integer[] NOT NULL,
  badges text[] NOT NULL,
  brand_id integer,
  policy varchar(12) NOT NULL,
  in_stock boolean NOT NULL
);
--> statement-breakpoint
-- Classes are only ever added (a class no product is in any more is harmless: listings start from products).
CREATE UNIQUE INDEX IF NOT EXISTS catalog_listing_classes_key
  ON catalog_listing_classes (attribute_ids, badges, coalesce(brand_id, 0), policy, in_stock);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS catalog_listing_entries (
  -- A category of the product, or 0 for the whole catalogue.
  category_id integer NOT NULL,
  product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  class_id integer NOT NULL,
  brand_id integer,
  sales_count integer NOT NULL,
  created_at timestamptz NOT NULL,
  price_net_cents integer NOT NULL,
  -- The net price after the discount running in [price_from, price_until), the oldest one if several run.
  reduced_net_cents integer NOT NULL,
  price_from timestamptz NOT NULL,
  price_until timestamptz NOT NULL,
  -- A category's rows side by side, with all a listing reads of them: read by an index-only scan.
  PRIMARY KEY (category_id, product_id)
    INCLUDE (class_id, brand_id, sales_count, created_at, price_net_cents, reduced_net_cents, price_from, price_until)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS catalog_listing_entries_product ON catalog_listing_entries (product_id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS catalog_listing_entries_brand ON catalog_listing_entries (brand_id) WHERE category_id = 0;
--> statement-breakpoint
-- A page of a category in these orders is read by walking one of them until the page is full (listing.ts).
CREATE INDEX IF NOT EXISTS catalog_listing_entries_sales ON catalog_listing_entries (category_id, sales_count DESC, product_id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS catalog_listing_entries_date ON catalog_listing_entries (category_id, created_at, product_id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS catalog_listing_entries_price ON catalog_listing_entries (category_id, reduced_net_cents, product_id);
--> statement-breakpoint
-- Listings by name walk the names of a language in order and stop once a page is full, or read them all from
-- the index alone (name included) to join them to many products.
CREATE INDEX IF NOT EXISTS product_translations_title ON product_translations (lang, lower(name), product_id) INCLUDE (name);
--> statement-breakpoint
-- A product's net price after the discount running now, the oldest one if several run (as pricing.ts's
-- reducedNet and ACTIVE_REDUCTION apply it). A listing calls it only for an entry whose stored period is over:
-- its cost tells the planner so, or every listing would be planned as if it looked up every product's discounts.
CREATE OR REPLACE FUNCTION catalog_listing_current_net(product integer, net integer) RETURNS integer
LANGUAGE plpgsql STABLE COST 10 AS $$
BEGIN
  RETURN coalesce((
    SELECT ((greatest(0, net - coalesce(sp.reduction_net_cents, 0))::bigint * (100 - coalesce(sp.reduction_percent, 0)) + 50) / 100)::int
    FROM specific_prices sp
    WHERE sp.product_id = product AND (sp.starts_at IS NULL OR sp.starts_at <= now()) AND (sp.ends_at IS NULL OR sp.ends_at > now())
    ORDER BY sp.id LIMIT 1
  ), net);
END $$;
--> statement-breakpoint
-- Replaces 0001_search's version: the same catalog_listing rows (now left alone when nothing changed), then
-- the classes and entries of the same products.
CREATE OR REPLACE FUNCTION catalog_listing_refresh(product_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  changed integer[] := ARRAY(SELECT DISTINCT unnest(product_ids));
BEGIN
  INSERT INTO catalog_listing AS existing (product_id, is_active, category_ids, brand_id, badges, policy, sales_count, created_at,
    price_net_cents, attribute_ids, stock)
  SELECT p.id, p.is_active, coalesce(categories.ids, '{}'), p.brand_id, p.badges, p.out_of_stock_policy, p.sales_count, p.created_at,
    p.price_net_cents, coalesce(buyable.attribute_ids, '{}'), coalesce(stock.total, 0)
  FROM unnest(changed) AS changed_product(id)
  JOIN products p ON p.id = changed_product.id
  LEFT JOIN LATERAL (SELECT array_agg(pc.category_id ORDER BY pc.category_id) AS ids FROM product_categories pc WHERE pc.product_id = p.id) AS categories ON true
  LEFT JOIN LATERAL (
    SELECT array_agg(DISTINCT ca.attribute_id ORDER BY ca.attribute_id) AS attribute_ids
    FROM combinations c JOIN combination_attributes ca ON ca.combination_id = c.id
    WHERE c.product_id = p.id AND (c.quantity > 0 OR p.out_of_stock_policy <> 'deny')
  ) AS buyable ON true
  LEFT JOIN LATERAL (SELECT sum(greatest(c.quantity, 0))::int AS total FROM combinations c WHERE c.product_id = p.id) AS stock ON true
  ON CONFLICT (product_id) DO UPDATE SET is_active = excluded.is_active, category_ids = excluded.category_ids, brand_id = excluded.brand_id,
    badges = excluded.badges, policy = excluded.policy, sales_count = excluded.sales_count, created_at = excluded.created_at,
    price_net_cents = excluded.price_net_cents, attribute_ids = excluded.attribute_ids, stock = excluded.stock
  WHERE (existing.is_active, existing.category_ids, existing.brand_id, existing.badges, existing.policy, existing.sales_count, existing.created_at,
      existing.price_net_cents, existing.attribute_ids, existing.stock)
    IS DISTINCT FROM (excluded.is_active, excluded.category_ids, excluded.brand_id, excluded.badges, excluded.policy, excluded.sales_count,
      excluded.created_at, excluded.price_net_cents, excluded.attribute_ids, excluded.stock);

  INSERT INTO catalog_listing_classes (attribute_ids, badges, brand_id, policy, in_stock)
  SELECT DISTINCT l.attribute_ids, l.badges, l.brand_id, l.policy, l.stock > 0
  FROM catalog_listing l WHERE l.product_id = ANY (changed)
  ON CONFLICT DO NOTHING;

  INSERT INTO catalog_listing_entries AS existing (category_id, product_id, class_id, brand_id, sales_count, created_at, price_net_cents,
    reduced_net_cents, price_from, price_until)
  SELECT scope.category_id, l.product_id, class.id, l.brand_id, l.sales_count, l.created_at, l.price_net_cents,
    catalog_listing_current_net(l.product_id, l.price_net_cents), period.price_from, period.price_until
  FROM catalog_listing l
  JOIN catalog_listing_classes class ON class.attribute_ids = l.attribute_ids AND class.badges = l.badges
    AND class.brand_id IS NOT DISTINCT FROM l.brand_id AND class.policy = l.policy AND class.in_stock = (l.stock > 0)
  CROSS JOIN LATERAL unnest(array_prepend(0, l.category_ids)) AS scope(category_id)
  -- Which discounts run changes only when one starts or ends: between the last such moment and the next one.
  CROSS JOIN LATERAL (
    SELECT coalesce(max(boundary.at) FILTER (WHERE boundary.at <= now()), '-infinity') AS price_from,
      coalesce(min(boundary.at) FILTER (WHERE boundary.at > now()), 'infinity') AS price_until
    FROM specific_prices sp CROSS JOIN LATERAL (VALUES (sp.starts_at), (sp.ends_at)) AS boundary(at)
    WHERE sp.product_id = l.product_id
  ) AS period
  WHERE l.product_id = ANY (changed) AND l.is_active
  ON CONFLICT (category_id, product_id) DO UPDATE SET class_id = excluded.class_id, brand_id = excluded.brand_id,
    sales_count = excluded.sales_count, created_at = excluded.created_at, price_net_cents = excluded.price_net_cents,
    reduced_net_cents = excluded.reduced_net_cents, price_from = excluded.price_from, price_until = excluded.price_until
  WHERE (existing.class_id, existing.brand_id, existing.sales_count, existing.created_at, existing.price_net_cents, existing.reduced_net_cents,
      existing.price_from, existing.price_until)
    IS DISTINCT FROM (excluded.class_id, excluded.brand_id, excluded.sales_count, excluded.created_at, excluded.price_net_cents,
      excluded.reduced_net_cents, excluded.price_from, excluded.price_until);

  -- Categories the product left, and products no longer active (or gone).
  DELETE FROM catalog_listing_entries e
  WHERE e.product_id = ANY (changed)
    AND NOT EXISTS (
      SELECT 1 FROM catalog_listing l
      WHERE l.product_id = e.product_id AND l.is_active AND (e.category_id = 0 OR e.category_id = ANY (l.category_ids))
    );
END $$;
--> statement-breakpoint
-- Discounts now count in the entries: their changes refresh the product (both products when one moves).
CREATE OR REPLACE FUNCTION catalog_listing_from_changed_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_listing_refresh(ARRAY(SELECT product_id FROM old_rows UNION SELECT product_id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER specific_prices_listing_insert AFTER INSERT ON specific_prices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_listing_from_new_rows('product_id');
--> statement-breakpoint
CREATE TRIGGER specific_prices_listing_update AFTER UPDATE ON specific_prices
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_listing_from_changed_rows();
--> statement-breakpoint
CREATE TRIGGER specific_prices_listing_delete AFTER DELETE ON specific_prices
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_listing_from_old_rows();
--> statement-breakpoint
SELECT catalog_listing_refresh(ARRAY(SELECT id FROM products));
--> statement-breakpoint
ANALYZE catalog_listing_classes;
--> statement-breakpoint
ANALYZE catalog_listing_entries;

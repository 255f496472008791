-- Listings priced as their cards (hand-written, like 0004 and 0016; docs/adr/0057-listings-priced-as-cards.md).
--
-- A card whose sizes cost differently shows the cheapest buyable size's price (ADR 55), but the listing entries held
-- the product's own price: sorted by price, cards came out of order, and a price filter or a price range counted a
-- card whose shown price was outside it. Now the entries' price_net_cents is the card's full net price: the product's
-- price plus the price impact of its cheapest combination a shopper can buy (in stock, or sold beyond it on backorder
-- or pre-order), of all its combinations when none can be bought; reduced_net_cents is that price after the running
-- discount. Buyable is the size filter's rule (catalog_listing.attribute_ids): the stock, not what carts hold, so that
-- the entries follow what their triggers see; the cards use the same rule (catalog/summaries.ts).
ALTER TABLE catalog_listing ADD COLUMN IF NOT EXISTS price_impact_net_cents integer NOT NULL DEFAULT 0;
--> statement-breakpoint
-- 0016's function, with the cheapest buyable combination's price impact read with the stock, and added to the price.
CREATE OR REPLACE FUNCTION catalog_listing_refresh(product_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  changed integer[] := ARRAY(SELECT DISTINCT unnest(product_ids));
  product integer;
BEGIN
  -- Lock first, then read (as catalog_search_refresh does, 0013, with the same key): each product's lock is held to
  -- the end of its transaction, taken in the products' order, and the statements below read what the
  -- transaction before committed.
  FOR product IN SELECT id FROM unnest(changed) AS id ORDER BY id LOOP
    PERFORM pg_advisory_xact_lock(1013, product);
  END LOOP;
  INSERT INTO catalog_listing AS existing (product_id, is_active, category_ids, brand_id, badges, policy, sales_count, created_at,
    price_net_cents, price_impact_net_cents, attribute_ids, stock)
  SELECT p.id, p.is_active, coalesce(categories.ids, '{}'), p.brand_id, p.badges, p.out_of_stock_policy, p.sales_count, p.created_at,
    p.price_net_cents, coalesce(stock.lowest_impact, 0), coalesce(buyable.attribute_ids, '{}'), coalesce(stock.total, 0)
  FROM unnest(changed) AS changed_product(id)
  JOIN products p ON p.id = changed_product.id
  LEFT JOIN LATERAL (SELECT array_agg(pc.category_id ORDER BY pc.category_id) AS ids FROM product_categories pc WHERE pc.product_id = p.id) AS categories ON true
  LEFT JOIN LATERAL (
    SELECT array_agg(DISTINCT ca.attribute_id ORDER BY ca.attribute_id) AS attribute_ids
    FROM combinations c JOIN combination_attributes ca ON ca.combination_id = c.id
    WHERE c.product_id = p.id AND (c.quantity > 0 OR p.out_of_stock_policy <> 'deny')
  ) AS buyable ON true
  LEFT JOIN LATERAL (
    SELECT sum(greatest(c.quantity, 0))::int AS total,
      coalesce(min(c.price_impact_net_cents) FILTER (WHERE c.quantity > 0 OR p.out_of_stock_policy <> 'deny'), min(c.price_impact_net_cents)) AS lowest_impact
    FROM combinations c WHERE c.product_id = p.id
  ) AS stock ON true
  ON CONFLICT (product_id) DO UPDATE SET is_active = excluded.is_active, category_ids = excluded.category_ids, brand_id = excluded.brand_id,
    badges = excluded.badges, policy = excluded.policy, sales_count = excluded.sales_count, created_at = excluded.created_at,
    price_net_cents = excluded.price_net_cents, price_impact_net_cents = excluded.price_impact_net_cents, attribute_ids = excluded.attribute_ids,
    stock = excluded.stock
  WHERE (existing.is_active, existing.category_ids, existing.brand_id, existing.badges, existing.policy, existing.sales_count, existing.created_at,
      existing.price_net_cents, existing.price_impact_net_cents, existing.attribute_ids, existing.stock)
    IS DISTINCT FROM (excluded.is_active, excluded.category_ids, excluded.brand_id, excluded.badges, excluded.policy, excluded.sales_count,
      excluded.created_at, excluded.price_net_cents, excluded.price_impact_net_cents, excluded.attribute_ids, excluded.stock);

  INSERT INTO catalog_listing_classes (attribute_ids, badges, brand_id, policy, in_stock)
  SELECT DISTINCT l.attribute_ids, l.badges, l.brand_id, l.policy, l.stock > 0
  FROM catalog_listing l WHERE l.product_id = ANY (changed)
  ON CONFLICT DO NOTHING;

  INSERT INTO catalog_listing_entries AS existing (category_id, product_id, class_id, brand_id, sales_count, created_at, price_net_cents,
    reduced_net_cents, price_from, price_until)
  SELECT scope.category_id, l.product_id, class.id, l.brand_id, l.sales_count, l.created_at, l.price_net_cents + l.price_impact_net_cents,
    catalog_listing_current_net(l.product_id, l.price_net_cents + l.price_impact_net_cents), period.price_from, period.price_until
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
  ORDER BY l.product_id, scope.category_id
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
-- The rows of products with a price impact, written again in a few statements over all of them (the others' impact
-- is 0, the column's default). Not by catalog_listing_refresh: it takes one lock per product until the transaction
-- ends, and the 100,000-product catalogue's 20,064 such products ran out of lock memory ('out of shared memory').
-- The discounted price is that of now, as the function writes it; an entry whose period has ended is looked up anyway.
UPDATE catalog_listing l SET price_impact_net_cents = lowest.impact
FROM (
  SELECT c.product_id,
    coalesce(min(c.price_impact_net_cents) FILTER (WHERE c.quantity > 0 OR p.out_of_stock_policy <> 'deny'), min(c.price_impact_net_cents)) AS impact
  FROM combinations c JOIN products p ON p.id = c.product_id
  GROUP BY c.product_id
) AS lowest
WHERE lowest.product_id = l.product_id AND lowest.impact <> 0;
--> statement-breakpoint
-- The search rows are written below in one statement, not product by product through the entries' trigger (0013).
ALTER TABLE catalog_listing_entries DISABLE TRIGGER catalog_listing_entries_search_update;
--> statement-breakpoint
UPDATE catalog_listing_entries e SET price_net_cents = l.price_net_cents + l.price_impact_net_cents,
  reduced_net_cents = catalog_listing_current_net(e.product_id, l.price_net_cents + l.price_impact_net_cents)
FROM catalog_listing l
WHERE l.product_id = e.product_id AND l.price_impact_net_cents <> 0;
--> statement-breakpoint
-- The revision's deferred triggers (0014) run now: a table with pending trigger events cannot be altered.
SET CONSTRAINTS ALL IMMEDIATE;
--> statement-breakpoint
ALTER TABLE catalog_listing_entries ENABLE TRIGGER catalog_listing_entries_search_update;
--> statement-breakpoint
UPDATE catalog_search_entries s SET price_net_cents = e.price_net_cents, reduced_net_cents = e.reduced_net_cents
FROM catalog_listing_entries e
WHERE e.category_id = 0 AND e.product_id = s.product_id
  AND (s.price_net_cents, s.reduced_net_cents) IS DISTINCT FROM (e.price_net_cents, e.reduced_net_cents);
--> statement-breakpoint
ANALYZE catalog_listing_entries;
--> statement-breakpoint
ANALYZE catalog_search_entries;

-- Catalogue locks that fit any change (hand-written, like 0013, 0016 and 0034).
--
-- catalog_listing_refresh and catalog_search_refresh locked each product they write (0013, 0016) until the
-- transaction ends. A statement over thousands of products (a sale over a whole category, an import, a bulk stock
-- change) took as many locks, and PostgreSQL's lock table, sized for max_locks_per_transaction (64) per
-- connection, ran out ('out of shared memory') near 20,000 products. Now both lock through catalog_lock_products,
-- which locks one of 256 stripes per product (its id modulo 256): at most 256 locks, however large the change.
-- Two changes of different products meet on a stripe one time in 256 and then wait for each other, as two changes
-- of one product do. Stripes rather than one lock for the whole catalogue: small changes of different products still
-- run side by side.
CREATE OR REPLACE FUNCTION catalog_lock_products(product_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  stripe integer;
BEGIN
  -- In the stripes' order: two statements locking stripes at once never each hold one the other waits for.
  -- 1013: any constant (the key of these locks since 0013).
  FOR stripe IN SELECT DISTINCT id % 256 FROM unnest(product_ids) AS id WHERE id IS NOT NULL ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock(1013, stripe);
  END LOOP;
END $$;
--> statement-breakpoint
-- 0034's function, locking through catalog_lock_products.
CREATE OR REPLACE FUNCTION catalog_listing_refresh(product_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  changed integer[] := ARRAY(SELECT DISTINCT unnest(product_ids));
BEGIN
  -- Lock first, then read (catalog_lock_products): the statements below read what the transaction before committed.
  PERFORM catalog_lock_products(changed);
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
-- 0013's function, locking through catalog_lock_products.
CREATE OR REPLACE FUNCTION catalog_search_refresh(product_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Lock first, then read (catalog_lock_products): the statements below read what the transaction before committed.
  PERFORM catalog_lock_products(product_ids);
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

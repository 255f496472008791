-- What each catalogue revision changed (hand-written, like 0014 and 0037), so that an API process keeps the answers a
-- change did not touch (catalog/changes.ts, docs/adr/0066-catalogue-answers-kept-through-changes-they-do-not-touch.md).
--
-- Every transaction that raises the revision (0014) writes here what it changed, at commit, from the same deferred
-- triggers: one row per listing row it updated (the product, the category, the brand, whether its sales count moved),
-- or a single row without a product when it changed anything else (a name, a category, a facet's label, a country's
-- VAT, a product entering or leaving a category), which every kept answer may have read. A change of more than 1,000
-- listing rows is written as such a row too: an import or a sale over a category touches most answers anyway.
-- Every revision has at least one row: a revision without any was forgotten (rows of revisions 10,000 behind are
-- deleted by the API's periodic job), and a reader takes it as a change of everything.
CREATE TABLE IF NOT EXISTS catalog_changes (
  revision bigint NOT NULL,
  -- Null: everything.
  product_id integer,
  category_id integer,
  brand_id integer,
  sales boolean NOT NULL DEFAULT false
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS catalog_changes_revision ON catalog_changes (revision);
--> statement-breakpoint
-- 0014's function, writing what changed. `TG_ARGV[0]`: 'entries' on catalog_listing_entries, 'search' on
-- catalog_search_entries (TG_TABLE_NAME names a partition there), nothing on the other tables.
CREATE OR REPLACE FUNCTION catalog_revision_raise() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  raised bigint;
  logged integer;
BEGIN
  IF current_setting('shop.catalog_revision_raised_by', true) IS DISTINCT FROM txid_current()::text THEN
    UPDATE catalog_revision SET revision = revision + 1 RETURNING revision INTO raised;
    PERFORM set_config('shop.catalog_revision_raised_by', txid_current()::text, true);
    PERFORM set_config('shop.catalog_revision', raised::text, true);
    PERFORM set_config('shop.catalog_changes_logged', '0', true);
  ELSE
    raised := current_setting('shop.catalog_revision')::bigint;
  END IF;
  -- Rows written so far; -1 once everything is.
  logged := current_setting('shop.catalog_changes_logged')::integer;
  IF logged < 0 THEN
    RETURN NULL;
  END IF;
  -- Nested tests: OLD and NEW have these columns only on the entries' tables.
  IF TG_ARGV[0] = 'entries' AND TG_OP = 'UPDATE' AND logged < 1000 THEN
    IF OLD.category_id = NEW.category_id AND OLD.brand_id IS NOT DISTINCT FROM NEW.brand_id THEN
      INSERT INTO catalog_changes (revision, product_id, category_id, brand_id, sales)
      VALUES (raised, NEW.product_id, NEW.category_id, NEW.brand_id, OLD.sales_count IS DISTINCT FROM NEW.sales_count);
      PERFORM set_config('shop.catalog_changes_logged', (logged + 1)::text, true);
      RETURN NULL;
    END IF;
  ELSIF TG_ARGV[0] = 'search' AND TG_OP = 'UPDATE' THEN
    -- A search row is a copy of the product's listing row of the whole catalogue (catalog_search_refresh, 0013),
    -- written in the same transaction as that row, whose change is written above: only its text is news.
    IF OLD.document = NEW.document AND OLD.name = NEW.name AND OLD.brand_id IS NOT DISTINCT FROM NEW.brand_id THEN
      RETURN NULL;
    END IF;
  END IF;
  INSERT INTO catalog_changes (revision) VALUES (raised);
  PERFORM set_config('shop.catalog_changes_logged', '-1', true);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalog_listing_entries_revision ON catalog_listing_entries;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER catalog_listing_entries_revision AFTER INSERT OR UPDATE OR DELETE ON catalog_listing_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalog_revision_raise('entries');
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalog_search_entries_revision ON catalog_search_entries;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER catalog_search_entries_revision AFTER INSERT OR UPDATE OR DELETE ON catalog_search_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalog_revision_raise('search');

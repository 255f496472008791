-- The product editor's SEO texts and related products (issue 27, ADR 64). Hand-written, like 0038; both are also in schema.ts.
--
-- A product's SEO title and meta description per language, beside its other texts; empty: the storefront's product
-- page makes its title and description of the name and description, as it did before.
ALTER TABLE product_translations ADD COLUMN IF NOT EXISTS meta_title text NOT NULL DEFAULT '';
--> statement-breakpoint
ALTER TABLE product_translations ADD COLUMN IF NOT EXISTS meta_description text NOT NULL DEFAULT '';
--> statement-breakpoint

-- The products the merchant shows beside one, in the merchant's order (before the category's best sellers). Read on
-- every getRelatedProducts call, never kept per catalogue revision: a change raises no revision (ADR 28).
CREATE TABLE IF NOT EXISTS product_related (
  product_id integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  related_id integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  position integer NOT NULL,
  PRIMARY KEY (product_id, related_id),
  CONSTRAINT product_related_not_itself CHECK (related_id <> product_id)
);
--> statement-breakpoint
-- A deleted product's rows in other products' lists, found by index.
CREATE INDEX IF NOT EXISTS product_related_related ON product_related (related_id);
--> statement-breakpoint

-- Tax classes (ADR 64): what a product is for VAT. 'standard' is taxed at each country's rate (countries.vat_rate_bp);
-- another class at a country's own rate for it where the country has one here, else at its standard rate too.
ALTER TABLE products ADD COLUMN IF NOT EXISTS tax_class varchar(16) NOT NULL DEFAULT 'standard';
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS country_tax_rates (
  country_iso varchar(2) NOT NULL REFERENCES countries(iso) ON DELETE CASCADE,
  tax_class varchar(16) NOT NULL,
  vat_rate_bp integer NOT NULL,
  PRIMARY KEY (country_iso, tax_class)
);
--> statement-breakpoint
-- Ireland zero-rates children's clothing and footwear (the seed writes it too, for a new shop's countries).
INSERT INTO country_tax_rates (country_iso, tax_class, vat_rate_bp)
SELECT iso, 'children', 0 FROM countries WHERE iso = 'IE'
ON CONFLICT DO NOTHING;

CREATE TABLE "product_price_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"price_net_cents" integer NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"scope" varchar(8) NOT NULL,
	"target_id" integer NOT NULL,
	"reduction_percent" integer,
	"reduction_amount_cents" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "specific_prices" ADD COLUMN "sale_id" integer;--> statement-breakpoint
ALTER TABLE "product_price_history" ADD CONSTRAINT "product_price_history_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_price_history_product_idx" ON "product_price_history" USING btree ("product_id","valid_from");--> statement-breakpoint
ALTER TABLE "specific_prices" ADD CONSTRAINT "specific_prices_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "specific_prices_sale_idx" ON "specific_prices" USING btree ("sale_id");--> statement-breakpoint
-- The price history the EU's 30-day lowest price needs (docs/adr/0043-sales-and-price-history.md): every regular net
-- price of a product with its period, written by the database itself whoever changes the price (back office,
-- CSV import, SQL by hand). Discounts keep theirs in specific_prices, whose rows are ended rather than deleted.
CREATE OR REPLACE FUNCTION product_price_history_record() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.price_net_cents IS NOT DISTINCT FROM OLD.price_net_cents THEN RETURN NULL; END IF;
    UPDATE product_price_history SET valid_until = now() WHERE product_id = NEW.id AND valid_until IS NULL;
  END IF;
  INSERT INTO product_price_history (product_id, price_net_cents, valid_from) VALUES (NEW.id, NEW.price_net_cents, now());
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_price_history ON products;
--> statement-breakpoint
CREATE TRIGGER products_price_history AFTER INSERT OR UPDATE OF price_net_cents ON products
  FOR EACH ROW EXECUTE FUNCTION product_price_history_record();
--> statement-breakpoint
INSERT INTO product_price_history (product_id, price_net_cents, valid_from) SELECT id, price_net_cents, created_at FROM products;

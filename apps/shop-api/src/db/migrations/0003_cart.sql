CREATE TABLE "cart_coupons" (
	"cart_id" integer NOT NULL,
	"rule_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_coupons_cart_id_rule_id_pk" PRIMARY KEY("cart_id","rule_id")
);
--> statement-breakpoint
CREATE TABLE "cart_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"cart_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"combination_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"on_demand" varchar(12),
	"reserved_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_rule_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"rule_id" integer NOT NULL,
	"customer_id" integer,
	"order_id" integer,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"kind" varchar(8) DEFAULT 'coupon' NOT NULL,
	"names" jsonb NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"reduction_percent" integer,
	"reduction_amount_cents" integer,
	"free_shipping" boolean DEFAULT false NOT NULL,
	"minimum_amount_cents" integer DEFAULT 0 NOT NULL,
	"category_ids" integer[] DEFAULT '{}' NOT NULL,
	"brand_ids" integer[] DEFAULT '{}' NOT NULL,
	"total_uses_limit" integer,
	"uses_per_customer_limit" integer,
	"combinable" boolean DEFAULT true NOT NULL,
	"applies_to_discounted" boolean DEFAULT true NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "cart_rules_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_hash" text,
	"customer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carts_session_hash_unique" UNIQUE("session_hash"),
	CONSTRAINT "carts_customer_id_unique" UNIQUE("customer_id"),
	CONSTRAINT "carts_one_owner" CHECK (("carts"."session_hash" is null) <> ("carts"."customer_id" is null))
);
--> statement-breakpoint
CREATE TABLE "shipping_zones" (
	"group_key" varchar(16) PRIMARY KEY NOT NULL,
	"standard_shipping_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wishlist_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_hash" text,
	"customer_id" integer,
	"product_id" integer NOT NULL,
	"combination_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wishlist_items_one_owner" CHECK (("wishlist_items"."session_hash" is null) <> ("wishlist_items"."customer_id" is null))
);
--> statement-breakpoint
ALTER TABLE "cart_coupons" ADD CONSTRAINT "cart_coupons_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_coupons" ADD CONSTRAINT "cart_coupons_rule_id_cart_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."cart_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_combination_id_combinations_id_fk" FOREIGN KEY ("combination_id") REFERENCES "public"."combinations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_rule_uses" ADD CONSTRAINT "cart_rule_uses_rule_id_cart_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."cart_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_rule_uses" ADD CONSTRAINT "cart_rule_uses_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_rule_uses" ADD CONSTRAINT "cart_rule_uses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_session_hash_sessions_token_hash_fk" FOREIGN KEY ("session_hash") REFERENCES "public"."sessions"("token_hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_session_hash_sessions_token_hash_fk" FOREIGN KEY ("session_hash") REFERENCES "public"."sessions"("token_hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_combination_id_combinations_id_fk" FOREIGN KEY ("combination_id") REFERENCES "public"."combinations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_lines_cart_combination_idx" ON "cart_lines" USING btree ("cart_id","combination_id");--> statement-breakpoint
CREATE INDEX "cart_lines_combination_idx" ON "cart_lines" USING btree ("combination_id","reserved_until");--> statement-breakpoint
CREATE INDEX "cart_rule_uses_rule_customer_idx" ON "cart_rule_uses" USING btree ("rule_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wishlist_items_session_product_idx" ON "wishlist_items" USING btree ("session_hash","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wishlist_items_customer_product_idx" ON "wishlist_items" USING btree ("customer_id","product_id");--> statement-breakpoint
-- The cart's shipping estimate per group of countries, VAT included (reference data every shop starts with).
INSERT INTO "shipping_zones" ("group_key", "standard_shipping_cents") VALUES ('EU', 690), ('EUROPE_OTHER', 1490), ('WORLD', 2490) ON CONFLICT DO NOTHING;

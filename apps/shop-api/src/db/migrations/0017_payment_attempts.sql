CREATE TABLE "notification_deliveries" (
	"gateway" varchar(16) NOT NULL,
	"delivery_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_deliveries_gateway_delivery_id_pk" PRIMARY KEY("gateway","delivery_id")
);
--> statement-breakpoint
CREATE TABLE "payment_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"gateway" varchar(16) NOT NULL,
	"payment_id" text NOT NULL,
	"ended_at" timestamp with time zone,
	"stray_cents" integer DEFAULT 0 NOT NULL,
	"stray_refund" varchar(16),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_gateway_payment_idx" ON "payment_attempts" USING btree ("gateway","payment_id");--> statement-breakpoint
CREATE INDEX "payment_attempts_order_idx" ON "payment_attempts" USING btree ("order_id");--> statement-breakpoint
-- Orders placed before attempts existed: the last payment each started is its current attempt (ended if cancelled).
INSERT INTO "payment_attempts" ("order_id", "gateway", "payment_id", "ended_at")
  SELECT "id", "gateway", "payment_id", CASE WHEN "status" = 'cancelled' THEN now() END FROM "orders"
  WHERE "payment_id" IS NOT NULL AND "gateway" IS NOT NULL
  ON CONFLICT DO NOTHING;

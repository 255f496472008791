CREATE TABLE "order_shipment_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"quantity" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_shipment_lines" ADD CONSTRAINT "order_shipment_lines_shipment_id_order_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."order_shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_shipment_lines" ADD CONSTRAINT "order_shipment_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_shipment_lines_shipment_idx" ON "order_shipment_lines" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "order_shipment_lines_line_idx" ON "order_shipment_lines" USING btree ("order_line_id");--> statement-breakpoint
-- Parcels recorded before parcels had lines held the whole order (ADR 34): they list every line, all of it.
INSERT INTO "order_shipment_lines" ("shipment_id", "order_line_id", "quantity") SELECT s."id", l."id", l."quantity" FROM "order_shipments" s JOIN "order_lines" l ON l."order_id" = s."order_id";

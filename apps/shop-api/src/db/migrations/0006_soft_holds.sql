ALTER TABLE "cart_lines" ADD COLUMN "held_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "client_key" text;--> statement-breakpoint
CREATE INDEX "carts_client_key_idx" ON "carts" USING btree ("client_key");--> statement-breakpoint
-- Lines written before soft holds held all their units.
UPDATE "cart_lines" SET "held_quantity" = "quantity";

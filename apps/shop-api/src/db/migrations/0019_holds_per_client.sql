CREATE TABLE "cart_line_holders" (
	"line_id" integer NOT NULL,
	"client_key" text NOT NULL,
	"units" integer NOT NULL,
	CONSTRAINT "cart_line_holders_line_id_client_key_pk" PRIMARY KEY("line_id","client_key")
);
--> statement-breakpoint
DROP INDEX "carts_client_key_idx";--> statement-breakpoint
ALTER TABLE "cart_line_holders" ADD CONSTRAINT "cart_line_holders_line_id_cart_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."cart_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_line_holders_client_idx" ON "cart_line_holders" USING btree ("client_key");--> statement-breakpoint
-- Running holds stay counted against the client of their cart's last change, as they were.
INSERT INTO "cart_line_holders" ("line_id", "client_key", "units")
  SELECT l."id", c."client_key", l."held_quantity" FROM "cart_lines" l JOIN "carts" c ON c."id" = l."cart_id"
  WHERE c."client_key" IS NOT NULL AND l."held_quantity" > 0 AND l."reserved_until" > now();--> statement-breakpoint
ALTER TABLE "carts" DROP COLUMN "client_key";
CREATE TABLE "product_photo_upload_chunks" (
	"upload_id" integer NOT NULL,
	"offset" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "product_photo_upload_chunks_upload_id_offset_pk" PRIMARY KEY("upload_id","offset")
);
--> statement-breakpoint
CREATE TABLE "product_photo_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"upload_id" text NOT NULL,
	"staff_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"color_attribute_id" integer,
	"size" integer NOT NULL,
	"received" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_photo_uploads_upload_id_unique" UNIQUE("upload_id")
);
--> statement-breakpoint
CREATE TABLE "product_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"color_attribute_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"widths" integer[] NOT NULL,
	"alt" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_photos_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "product_photo_upload_chunks" ADD CONSTRAINT "product_photo_upload_chunks_upload_id_product_photo_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."product_photo_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_photo_uploads" ADD CONSTRAINT "product_photo_uploads_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_photo_uploads" ADD CONSTRAINT "product_photo_uploads_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_photo_uploads" ADD CONSTRAINT "product_photo_uploads_color_attribute_id_attributes_id_fk" FOREIGN KEY ("color_attribute_id") REFERENCES "public"."attributes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_photos" ADD CONSTRAINT "product_photos_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_photos" ADD CONSTRAINT "product_photos_color_attribute_id_attributes_id_fk" FOREIGN KEY ("color_attribute_id") REFERENCES "public"."attributes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_photos_product_idx" ON "product_photos" USING btree ("product_id","position","id");--> statement-breakpoint
-- Photos are what cards and product pages show: a change raises the catalogue revision as it commits (ADR 28).
CREATE CONSTRAINT TRIGGER product_photos_revision AFTER INSERT OR UPDATE OR DELETE ON product_photos DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION catalog_revision_raise();

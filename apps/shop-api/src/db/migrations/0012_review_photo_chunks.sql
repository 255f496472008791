CREATE TABLE "review_photo_chunks" (
	"photo_id" integer NOT NULL,
	"offset" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "review_photo_chunks_photo_id_offset_pk" PRIMARY KEY("photo_id","offset")
);
--> statement-breakpoint
ALTER TABLE "review_photo_chunks" ADD CONSTRAINT "review_photo_chunks_photo_id_review_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."review_photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_photos" DROP COLUMN "upload";
CREATE TABLE "scheduled_runs" (
	"job" text PRIMARY KEY NOT NULL,
	"ran_at" timestamp with time zone NOT NULL
);

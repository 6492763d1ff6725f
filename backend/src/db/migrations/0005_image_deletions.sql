CREATE TABLE "pending_image_deletions" (
	"image_key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);

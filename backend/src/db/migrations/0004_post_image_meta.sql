ALTER TABLE "posts" ADD COLUMN "image_width" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "image_height" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "image_placeholder" text;
ALTER TABLE "members" ADD COLUMN "weight_unit" text DEFAULT 'kg' NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "auto_complete_day" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "rest_seconds" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "exercises" ADD COLUMN "rest_seconds" integer;--> statement-breakpoint
ALTER TABLE "rep_weights" ADD COLUMN "done" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_weight_unit_check" CHECK ("members"."weight_unit" in ('kg', 'lb'));
ALTER TABLE "rep_weights" ADD COLUMN "set_type" text DEFAULT 'NORMAL' NOT NULL;--> statement-breakpoint
ALTER TABLE "rep_weights" ADD COLUMN "rpe" double precision;
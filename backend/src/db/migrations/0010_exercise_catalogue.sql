ALTER TABLE "exercises" ADD COLUMN "catalogue_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "exercises_member_catalogue_key" ON "exercises" USING btree ("member_id","catalogue_key") WHERE "exercises"."catalogue_key" is not null;--> statement-breakpoint
CREATE TABLE "exercise_aliases" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exercise_aliases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"source_name" text NOT NULL,
	"exercise_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exercise_aliases" ADD CONSTRAINT "exercise_aliases_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_aliases" ADD CONSTRAINT "exercise_aliases_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exercise_aliases_member_source_key" ON "exercise_aliases" USING btree ("member_id","source_name");--> statement-breakpoint
CREATE INDEX "exercise_aliases_exercise_idx" ON "exercise_aliases" USING btree ("exercise_id");

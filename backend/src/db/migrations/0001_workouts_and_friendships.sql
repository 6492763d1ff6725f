CREATE TABLE "exercises" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exercises_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"name" text NOT NULL,
	"memo" text,
	"classification" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rep_weights" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rep_weights_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"exercise_id" bigint,
	"routine_exercise_id" bigint,
	"today_exercise_id" bigint,
	"reps" integer NOT NULL,
	"weight" double precision NOT NULL,
	CONSTRAINT "rep_weights_one_owner_check" CHECK (num_nonnulls("rep_weights"."exercise_id", "rep_weights"."routine_exercise_id", "rep_weights"."today_exercise_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "routine_exercises" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "routine_exercises_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"routine_id" bigint NOT NULL,
	"exercise_id" bigint,
	"exercise_name" text NOT NULL,
	"sequence" integer
);
--> statement-breakpoint
CREATE TABLE "routines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "routines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "today_exercises" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "today_exercises_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"today_id" bigint NOT NULL,
	"exercise_id" bigint,
	"exercise_name" text NOT NULL,
	"sequence" integer
);
--> statement-breakpoint
CREATE TABLE "todays" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "todays_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"local_date" date NOT NULL,
	"check_box" text DEFAULT 'False' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "todays_check_box_check" CHECK ("todays"."check_box" in ('True', 'False'))
);
--> statement-breakpoint
CREATE TABLE "friendships" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "friendships_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"requester_id" bigint NOT NULL,
	"addressee_id" bigint NOT NULL,
	"status" text DEFAULT 'REQUEST' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	CONSTRAINT "friendships_status_check" CHECK ("friendships"."status" in ('REQUEST', 'ACCEPT')),
	CONSTRAINT "friendships_not_self_check" CHECK ("friendships"."requester_id" <> "friendships"."addressee_id")
);
--> statement-breakpoint
ALTER TABLE "exercises" ADD CONSTRAINT "exercises_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rep_weights" ADD CONSTRAINT "rep_weights_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rep_weights" ADD CONSTRAINT "rep_weights_routine_exercise_id_routine_exercises_id_fk" FOREIGN KEY ("routine_exercise_id") REFERENCES "public"."routine_exercises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rep_weights" ADD CONSTRAINT "rep_weights_today_exercise_id_today_exercises_id_fk" FOREIGN KEY ("today_exercise_id") REFERENCES "public"."today_exercises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routine_exercises" ADD CONSTRAINT "routine_exercises_routine_id_routines_id_fk" FOREIGN KEY ("routine_id") REFERENCES "public"."routines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routine_exercises" ADD CONSTRAINT "routine_exercises_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routines" ADD CONSTRAINT "routines_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "today_exercises" ADD CONSTRAINT "today_exercises_today_id_todays_id_fk" FOREIGN KEY ("today_id") REFERENCES "public"."todays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "today_exercises" ADD CONSTRAINT "today_exercises_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todays" ADD CONSTRAINT "todays_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friendships" ADD CONSTRAINT "friendships_requester_id_members_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friendships" ADD CONSTRAINT "friendships_addressee_id_members_id_fk" FOREIGN KEY ("addressee_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exercises_member_idx" ON "exercises" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "rep_weights_exercise_idx" ON "rep_weights" USING btree ("exercise_id");--> statement-breakpoint
CREATE INDEX "rep_weights_routine_exercise_idx" ON "rep_weights" USING btree ("routine_exercise_id");--> statement-breakpoint
CREATE INDEX "rep_weights_today_exercise_idx" ON "rep_weights" USING btree ("today_exercise_id");--> statement-breakpoint
CREATE INDEX "routine_exercises_routine_idx" ON "routine_exercises" USING btree ("routine_id");--> statement-breakpoint
CREATE INDEX "routine_exercises_exercise_idx" ON "routine_exercises" USING btree ("exercise_id");--> statement-breakpoint
CREATE INDEX "routines_member_idx" ON "routines" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "today_exercises_today_idx" ON "today_exercises" USING btree ("today_id");--> statement-breakpoint
CREATE INDEX "today_exercises_exercise_idx" ON "today_exercises" USING btree ("exercise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "todays_member_date_key" ON "todays" USING btree ("member_id","local_date");--> statement-breakpoint
CREATE UNIQUE INDEX "friendships_pair_key" ON "friendships" USING btree (least("requester_id", "addressee_id"),greatest("requester_id", "addressee_id"));--> statement-breakpoint
CREATE INDEX "friendships_addressee_idx" ON "friendships" USING btree ("addressee_id");
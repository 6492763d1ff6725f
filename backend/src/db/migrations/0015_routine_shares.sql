CREATE TABLE "routine_shares" (
	"routine_id" bigint PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "routine_shares_token_key" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "routine_shares" ADD CONSTRAINT "routine_shares_routine_id_routines_id_fk" FOREIGN KEY ("routine_id") REFERENCES "public"."routines"("id") ON DELETE cascade ON UPDATE no action;
CREATE TABLE "chat_rests" (
	"user_a" uuid NOT NULL,
	"user_b" uuid NOT NULL,
	"rested_by" uuid,
	"since" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_rests_user_a_user_b_pk" PRIMARY KEY("user_a","user_b")
);
--> statement-breakpoint
CREATE TABLE "recap_notes" (
	"event_id" uuid NOT NULL,
	"writer_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"note" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recap_notes_event_id_writer_id_subject_id_pk" PRIMARY KEY("event_id","writer_id","subject_id")
);
--> statement-breakpoint
CREATE TABLE "recap_nudges" (
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "recap_nudges_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "chat_rests" ADD CONSTRAINT "chat_rests_user_a_users_id_fk" FOREIGN KEY ("user_a") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_rests" ADD CONSTRAINT "chat_rests_user_b_users_id_fk" FOREIGN KEY ("user_b") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_rests" ADD CONSTRAINT "chat_rests_rested_by_users_id_fk" FOREIGN KEY ("rested_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recap_notes" ADD CONSTRAINT "recap_notes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recap_notes" ADD CONSTRAINT "recap_notes_writer_id_users_id_fk" FOREIGN KEY ("writer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recap_notes" ADD CONSTRAINT "recap_notes_subject_id_users_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recap_nudges" ADD CONSTRAINT "recap_nudges_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recap_nudges" ADD CONSTRAINT "recap_nudges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_rests_b" ON "chat_rests" USING btree ("user_b");
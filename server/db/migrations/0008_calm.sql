CREATE TABLE "conversation_mutes" (
	"user_id" uuid NOT NULL,
	"other_user_id" uuid NOT NULL,
	"until" timestamp with time zone NOT NULL,
	CONSTRAINT "conversation_mutes_user_id_other_user_id_pk" PRIMARY KEY("user_id","other_user_id")
);
--> statement-breakpoint
CREATE TABLE "group_chat_people" (
	"group_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_chat_people_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "quiet_presence" (
	"user_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"zone_id" uuid NOT NULL,
	"entered_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "quiet_presence_user_id_event_id_pk" PRIMARY KEY("user_id","event_id")
);
--> statement-breakpoint
ALTER TABLE "contact_exchanges" ADD COLUMN "kept_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_exchanges" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_exchanges" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversation_mutes" ADD CONSTRAINT "conversation_mutes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_mutes" ADD CONSTRAINT "conversation_mutes_other_user_id_users_id_fk" FOREIGN KEY ("other_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_chat_people" ADD CONSTRAINT "group_chat_people_group_id_group_chats_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."group_chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_chat_people" ADD CONSTRAINT "group_chat_people_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiet_presence" ADD CONSTRAINT "quiet_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiet_presence" ADD CONSTRAINT "quiet_presence_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiet_presence" ADD CONSTRAINT "quiet_presence_zone_id_safe_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."safe_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_chat_people_user" ON "group_chat_people" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "quiet_presence_event" ON "quiet_presence" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "contact_exchanges_from" ON "contact_exchanges" USING btree ("from_user");
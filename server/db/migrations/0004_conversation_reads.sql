CREATE TABLE "conversation_reads" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"conversation_id" uuid NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "conversation_reads_user_id_kind_conversation_id_pk" PRIMARY KEY("user_id","kind","conversation_id")
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "conversation_reads" ADD CONSTRAINT "conversation_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_to" ON "chat_messages" USING btree ("to_user","from_user","created_at");--> statement-breakpoint
CREATE INDEX "group_chats_community" ON "group_chats" USING btree ("community_id");--> statement-breakpoint
CREATE INDEX "micro_community_members_user" ON "micro_community_members" USING btree ("user_id");
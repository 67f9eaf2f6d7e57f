CREATE TABLE "pod_queue" (
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pod_queue_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "pods" (
	"id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"meeting_point" text NOT NULL,
	"zone_id" uuid,
	"starts_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "group_chats" ADD COLUMN "pod_id" uuid;--> statement-breakpoint
ALTER TABLE "pod_queue" ADD CONSTRAINT "pod_queue_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pod_queue" ADD CONSTRAINT "pod_queue_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pods" ADD CONSTRAINT "pods_id_groups_id_fk" FOREIGN KEY ("id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pods" ADD CONSTRAINT "pods_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pods" ADD CONSTRAINT "pods_zone_id_safe_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."safe_zones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pod_queue_user" ON "pod_queue" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "pods_event" ON "pods" USING btree ("event_id");--> statement-breakpoint
ALTER TABLE "group_chats" ADD CONSTRAINT "group_chats_pod_id_groups_id_fk" FOREIGN KEY ("pod_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_chats_pod" ON "group_chats" USING btree ("pod_id");
-- Words the server writes for a person carry their message id and values beside the
-- English (issue 38, contract/said.ts), so the app says them in the person's language:
-- a notification's title and content, a group chat's name. Rows stored before keep their
-- English, said as written ('said.asWritten'); an event's chat is named by its event.
ALTER TABLE "group_chats" ADD COLUMN "name_code" text;--> statement-breakpoint
ALTER TABLE "group_chats" ADD COLUMN "name_params" jsonb;--> statement-breakpoint
UPDATE "group_chats" SET "name_code" = 'chat.eventChat', "name_params" = jsonb_build_object('event', "events"."name") FROM "events" WHERE "group_chats"."community_id" IS NULL AND "events"."id" = "group_chats"."event_id";--> statement-breakpoint
UPDATE "group_chats" SET "name_code" = 'said.asWritten', "name_params" = jsonb_build_object('text', "name") WHERE "name_code" IS NULL;--> statement-breakpoint
ALTER TABLE "group_chats" ALTER COLUMN "name_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "group_chats" ALTER COLUMN "name_params" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "title_code" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "title_params" jsonb;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "content_code" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "content_params" jsonb;--> statement-breakpoint
UPDATE "notifications" SET "title_code" = 'said.asWritten', "title_params" = jsonb_build_object('text', "title"), "content_code" = 'said.asWritten', "content_params" = jsonb_build_object('text', "content");--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "title_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "title_params" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "content_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "content_params" SET NOT NULL;

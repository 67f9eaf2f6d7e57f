-- A notification names the person it is from or about (issue 40), so a block removes what
-- either holds about the other. Rows stored before say it by their link: a chat with the
-- person, or a request still pending from them; a block already in place takes them now.
ALTER TABLE "notifications" ADD COLUMN "about_user_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_about_user_id_users_id_fk" FOREIGN KEY ("about_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_about" ON "notifications" USING btree ("user_id","about_user_id");--> statement-breakpoint
UPDATE "notifications" n SET "about_user_id" = u."id" FROM "users" u WHERE n."link" = '/chats/' || u."id"::text;--> statement-breakpoint
UPDATE "notifications" n SET "about_user_id" = r."from_user" FROM "connection_requests" r WHERE n."link" = '/requests/' || r."id"::text;--> statement-breakpoint
DELETE FROM "notifications" n USING "blocks" b
  WHERE (n."user_id" = b."blocker_id" AND n."about_user_id" = b."blocked_id")
     OR (n."user_id" = b."blocked_id" AND n."about_user_id" = b."blocker_id");

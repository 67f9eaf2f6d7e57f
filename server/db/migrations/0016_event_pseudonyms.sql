ALTER TABLE "event_attendees" ADD COLUMN "pseudonym" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "about_shown_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "event_attendees_pseudonym" ON "event_attendees" USING btree ("pseudonym");
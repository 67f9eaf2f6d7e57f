ALTER TABLE "users" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
-- A person who already had pushes in German reads the app in German: their emails follow.
UPDATE "users" SET "language" = 'de' WHERE "id" IN (SELECT "user_id" FROM "push_subscriptions" WHERE "language" = 'de');

-- A suggestion stored twice for one pair and event (two first visits at once, before this
-- constraint): the first stored is kept, and a message that named a later copy names it.
WITH "ranked" AS (
	SELECT "id", first_value("id") OVER (PARTITION BY "user_a", "user_b", "event_id", "suggestion_text" ORDER BY "created_at", "id") AS "keep"
	FROM "ice_breakers"
)
UPDATE "chat_messages" SET "ice_breaker_id" = "ranked"."keep" FROM "ranked" WHERE "chat_messages"."ice_breaker_id" = "ranked"."id" AND "ranked"."id" <> "ranked"."keep";--> statement-breakpoint
WITH "ranked" AS (
	SELECT "id", first_value("id") OVER (PARTITION BY "user_a", "user_b", "event_id", "suggestion_text" ORDER BY "created_at", "id") AS "keep"
	FROM "ice_breakers"
)
DELETE FROM "ice_breakers" USING "ranked" WHERE "ice_breakers"."id" = "ranked"."id" AND "ranked"."id" <> "ranked"."keep";--> statement-breakpoint
DROP INDEX "ice_breakers_pair";--> statement-breakpoint
ALTER TABLE "ice_breakers" ADD CONSTRAINT "ice_breakers_suggestion" UNIQUE NULLS NOT DISTINCT("user_a","user_b","event_id","suggestion_text");

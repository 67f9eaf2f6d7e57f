-- An ice breaker's id is its content's from now on (server/domain/ice-breakers.ts
-- iceBreakerId: a version 8 UUID of the SHA-256 of "user_a|user_b|event_id|suggestion_text",
-- no event as ''), so lists offer them without reading or storing rows. The rows stored
-- before, and the messages naming them, take those ids; the messages' link is dropped
-- while both change and made again as it was.
CREATE TEMPORARY TABLE "ice_breaker_ids" ON COMMIT DROP AS
	SELECT "id", (substr("hex", 1, 12) || '8' || substr("hex", 14, 3) || substr('89ab', (('x' || substr("hex", 17, 1))::bit(4)::int & 3) + 1, 1) || substr("hex", 18, 15))::uuid AS "new_id"
	FROM (
		SELECT "id", encode(sha256(convert_to("user_a"::text || '|' || "user_b"::text || '|' || coalesce("event_id"::text, '') || '|' || "suggestion_text", 'UTF8')), 'hex') AS "hex"
		FROM "ice_breakers"
	) AS "hashed";--> statement-breakpoint
ALTER TABLE "chat_messages" DROP CONSTRAINT "chat_messages_ice_breaker_id_ice_breakers_id_fk";--> statement-breakpoint
UPDATE "chat_messages" SET "ice_breaker_id" = "ice_breaker_ids"."new_id" FROM "ice_breaker_ids" WHERE "chat_messages"."ice_breaker_id" = "ice_breaker_ids"."id";--> statement-breakpoint
UPDATE "ice_breakers" SET "id" = "ice_breaker_ids"."new_id" FROM "ice_breaker_ids" WHERE "ice_breakers"."id" = "ice_breaker_ids"."id";--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_ice_breaker_id_ice_breakers_id_fk" FOREIGN KEY ("ice_breaker_id") REFERENCES "public"."ice_breakers"("id") ON DELETE set null ON UPDATE no action;

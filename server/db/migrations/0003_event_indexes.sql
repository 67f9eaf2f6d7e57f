CREATE INDEX "chat_messages_event" ON "chat_messages" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE INDEX "connections_event" ON "connections" USING btree ("event_id");
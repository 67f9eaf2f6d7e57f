ALTER TABLE "users" ADD COLUMN "opening_moves" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "open_to_hello" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "users_opening_moves" ON "users" USING gin ("opening_moves" jsonb_path_ops);
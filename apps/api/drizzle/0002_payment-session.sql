ALTER TABLE "payments" ADD COLUMN "session_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_session_key" ON "payments" USING btree ("session_id");
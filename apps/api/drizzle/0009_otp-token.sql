ALTER TABLE "otp_requests" ADD COLUMN "token_hash" text;--> statement-breakpoint
CREATE INDEX "otp_requests_token_idx" ON "otp_requests" USING btree ("token_hash","created_at");
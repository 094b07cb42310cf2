CREATE TABLE "account_activity" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"last_active_at" timestamp with time zone,
	"erasure_notice_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "account_activity" ADD CONSTRAINT "account_activity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_activity_notice_idx" ON "account_activity" USING btree ("erasure_notice_at");
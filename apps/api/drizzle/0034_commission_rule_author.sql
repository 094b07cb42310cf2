ALTER TABLE "commission_rules" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "commission_rules" ADD COLUMN "created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "commission_rules" ADD CONSTRAINT "commission_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
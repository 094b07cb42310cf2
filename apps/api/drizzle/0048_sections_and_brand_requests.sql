CREATE TABLE "brand_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"brand" text NOT NULL,
	"note" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "section" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "suggested_section" text;--> statement-breakpoint
ALTER TABLE "brand_requests" ADD CONSTRAINT "brand_requests_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_requests" ADD CONSTRAINT "brand_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "brand_requests_pending_key" ON "brand_requests" USING btree ("seller_id","brand") WHERE "brand_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "brand_requests_status_idx" ON "brand_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "brand_requests_seller_idx" ON "brand_requests" USING btree ("seller_id","created_at");
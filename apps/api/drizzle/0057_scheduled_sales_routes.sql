DROP INDEX "scheduled_sales_due_idx";--> statement-breakpoint
ALTER TABLE "scheduled_sales" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "scheduled_sales_product_idx" ON "scheduled_sales" USING btree ("product_id","starts_at");--> statement-breakpoint
CREATE INDEX "scheduled_sales_due_idx" ON "scheduled_sales" USING btree ("starts_at") WHERE "scheduled_sales"."applied_at" IS NULL AND "scheduled_sales"."ended_at" IS NULL;
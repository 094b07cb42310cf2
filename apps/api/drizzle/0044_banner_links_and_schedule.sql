ALTER TABLE "feature_images" ADD COLUMN "link_kind" text;--> statement-breakpoint
ALTER TABLE "feature_images" ADD COLUMN "link_value" text;--> statement-breakpoint
ALTER TABLE "feature_images" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feature_images" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feature_images" ADD CONSTRAINT "feature_images_link_kind_check" CHECK ("feature_images"."link_kind" IS NULL OR "feature_images"."link_kind" IN ('product', 'category', 'brand', 'search'));--> statement-breakpoint
ALTER TABLE "feature_images" ADD CONSTRAINT "feature_images_window_check" CHECK ("feature_images"."starts_at" IS NULL OR "feature_images"."ends_at" IS NULL OR "feature_images"."ends_at" > "feature_images"."starts_at");--> statement-breakpoint
-- Banners that already point at a product keep that link, now named as one (issue 31.3).
UPDATE "feature_images" SET "link_kind" = 'product' WHERE "product_id" IS NOT NULL;

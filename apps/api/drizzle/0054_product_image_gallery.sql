ALTER TABLE "products" ADD COLUMN "extra_images" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_extra_images_check" CHECK (cardinality("products"."extra_images") <= 7);
-- No backfill: a product from before has its one image as the cover and no extra images, so
-- its gallery ([image, ...extra_images]) is already its one image (decision 091).

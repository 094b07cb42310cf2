-- The package declarations and the warranty the law asks a listing to show (decision 066). A
-- product is listed only with all of them: products from before this migration have none, so
-- they are unlisted here (the UPDATE fires migration 0006's trigger, so every API process drops
-- its cached catalog) until their sellers complete them; the CHECK then keeps it so.
ALTER TABLE "products" ADD COLUMN "manufacturer_name" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "manufacturer_address" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "packer_role" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "packer_name" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "packer_address" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "country_of_origin" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "generic_name" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "net_quantity" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "care_name" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "care_address" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "care_phone" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "care_email" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "warranty_months" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "warranty_by" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "declarations_complete" boolean GENERATED ALWAYS AS (manufacturer_name IS NOT NULL AND manufacturer_address IS NOT NULL AND packer_role IS NOT NULL AND (packer_role = 'manufacturer' OR (packer_name IS NOT NULL AND packer_address IS NOT NULL)) AND country_of_origin IS NOT NULL AND generic_name IS NOT NULL AND net_quantity IS NOT NULL AND care_name IS NOT NULL AND care_address IS NOT NULL AND care_phone IS NOT NULL AND care_email IS NOT NULL AND warranty_months IS NOT NULL AND warranty_by IS NOT NULL) STORED NOT NULL;--> statement-breakpoint
UPDATE "products" SET "listed" = false WHERE "listed" AND NOT "declarations_complete";--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_listed_declared_check" CHECK (NOT "products"."listed" OR "products"."declarations_complete");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_warranty_check" CHECK ("products"."warranty_months" IS NULL OR ("products"."warranty_months" BETWEEN 0 AND 120 AND ("products"."warranty_by" IS NULL OR ("products"."warranty_months" = 0) = ("products"."warranty_by" = 'None'))));--> statement-breakpoint
-- A product's details now show its seller's business name, address, GSTIN and contacts, and
-- listings show the business name: those columns announce their changes too (function of 0006).
CREATE TRIGGER "vendor_profiles_catalog_changed"
AFTER INSERT OR UPDATE OF "business_name", "address_line", "city", "state_code", "pincode", "gst_number", "status" OR DELETE OR TRUNCATE
ON "vendor_profiles"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalog_changed"();
--> statement-breakpoint
DROP TRIGGER "users_catalog_changed" ON "users";
--> statement-breakpoint
CREATE TRIGGER "users_catalog_changed"
AFTER UPDATE OF "user_name", "type", "email", "mobile" ON "users"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalog_changed"();

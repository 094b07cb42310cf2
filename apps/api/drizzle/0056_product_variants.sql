CREATE TABLE "product_families" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"title" text NOT NULL,
	"options" jsonb NOT NULL,
	"summary" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_effective_price_idx";--> statement-breakpoint
DROP INDEX "products_category_price_idx";--> statement-breakpoint
DROP INDEX "products_brand_price_idx";--> statement-breakpoint
DROP INDEX "products_section_price_idx";--> statement-breakpoint
DROP INDEX "products_title_idx";--> statement-breakpoint
DROP INDEX "products_category_title_idx";--> statement-breakpoint
DROP INDEX "products_brand_title_idx";--> statement-breakpoint
DROP INDEX "products_section_title_idx";--> statement-breakpoint
DROP INDEX "products_facets_idx";--> statement-breakpoint
DROP INDEX "products_hsn_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "family_id" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "option_values" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "family_lead" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "family_option_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "product_families" ADD CONSTRAINT "product_families_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_families_seller_idx" ON "product_families" USING btree ("seller_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_family_id_product_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."product_families"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_family_options_idx" ON "products" USING gin ("family_option_keys") WHERE listed AND family_lead;--> statement-breakpoint
CREATE INDEX "products_family_idx" ON "products" USING btree ("family_id") WHERE "products"."family_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "products_seller_sku_key" ON "products" USING btree ("seller_id","sku") WHERE "products"."sku" IS NOT NULL AND "products"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "products_effective_price_idx" ON "products" USING btree ("effective_price_paise","id") WHERE listed AND family_lead;--> statement-breakpoint
CREATE INDEX "products_category_price_idx" ON "products" USING btree ("category","effective_price_paise","id") WHERE listed AND family_lead;--> statement-breakpoint
CREATE INDEX "products_brand_price_idx" ON "products" USING btree ("brand","effective_price_paise","id") WHERE listed AND family_lead;--> statement-breakpoint
CREATE INDEX "products_section_price_idx" ON "products" USING btree ("section","effective_price_paise","id") WHERE listed AND family_lead;--> statement-breakpoint
CREATE INDEX "products_title_idx" ON "products" USING btree (lower("title") COLLATE "C","id") WHERE listed AND family_lead;--> statement-breakpoint
CREATE INDEX "products_category_title_idx" ON "products" USING btree ("category",lower("title") COLLATE "C","id") WHERE listed AND family_lead;--> statement-breakpoint
CREATE INDEX "products_brand_title_idx" ON "products" USING btree ("brand",lower("title") COLLATE "C","id") WHERE listed AND family_lead;--> statement-breakpoint
CREATE INDEX "products_section_title_idx" ON "products" USING btree ("section",lower("title") COLLATE "C","id") WHERE listed AND family_lead;--> statement-breakpoint
CREATE INDEX "products_facets_idx" ON "products" USING btree ("category","section","brand","effective_price_paise","in_stock","discount_percent","average_review") WHERE listed AND family_lead;--> statement-breakpoint
CREATE INDEX "products_hsn_idx" ON "products" USING btree ("hsn") WHERE listed AND family_lead;--> statement-breakpoint
-- A family's options and listing summary are part of the public catalog: a change empties the
-- catalog caches as a product change does (function from migration 0006).
CREATE TRIGGER "product_families_catalog_changed"
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_families"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalog_changed"();

DROP INDEX "products_title_idx";--> statement-breakpoint
DROP INDEX "products_category_title_idx";--> statement-breakpoint
DROP INDEX "products_brand_title_idx";--> statement-breakpoint
DROP INDEX "products_section_title_idx";--> statement-breakpoint
CREATE INDEX "products_title_idx" ON "products" USING btree (lower("title") COLLATE "C","id") WHERE listed;--> statement-breakpoint
CREATE INDEX "products_category_title_idx" ON "products" USING btree ("category",lower("title") COLLATE "C","id") WHERE listed;--> statement-breakpoint
CREATE INDEX "products_brand_title_idx" ON "products" USING btree ("brand",lower("title") COLLATE "C","id") WHERE listed;--> statement-breakpoint
CREATE INDEX "products_section_title_idx" ON "products" USING btree ("section",lower("title") COLLATE "C","id") WHERE listed;
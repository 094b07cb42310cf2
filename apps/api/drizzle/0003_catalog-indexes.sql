CREATE INDEX "products_category_title_idx" ON "products" USING btree ("category","title","id") WHERE listed;--> statement-breakpoint
CREATE INDEX "products_brand_title_idx" ON "products" USING btree ("brand","title","id") WHERE listed;--> statement-breakpoint
CREATE INDEX "products_section_title_idx" ON "products" USING btree ("section","title","id") WHERE listed;--> statement-breakpoint
CREATE INDEX "products_facets_idx" ON "products" USING btree ("category","section","brand","effective_price_paise") WHERE listed;--> statement-breakpoint
CREATE INDEX "products_brand_trgm_idx" ON "products" USING gin ("brand" gin_trgm_ops);
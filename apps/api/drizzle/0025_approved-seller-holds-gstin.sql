DROP INDEX "vendor_profiles_gst_number_key";--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_profiles_approved_gst_number_key" ON "vendor_profiles" USING btree ("gst_number") WHERE "vendor_profiles"."status" = 'Approved';--> statement-breakpoint
CREATE INDEX "vendor_profiles_gst_number_idx" ON "vendor_profiles" USING btree ("gst_number");
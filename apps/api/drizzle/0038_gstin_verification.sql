ALTER TABLE "vendor_profiles" ADD COLUMN "gst_registration_type" text DEFAULT 'regular' NOT NULL;--> statement-breakpoint
ALTER TABLE "vendor_profiles" ADD COLUMN "gstin_legal_name" text;--> statement-breakpoint
ALTER TABLE "vendor_profiles" ADD COLUMN "gstin_verified_at" timestamp with time zone;
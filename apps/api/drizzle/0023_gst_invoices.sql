-- GST invoices issued at dispatch and frozen (issue 17, decision 54).
-- Invoices made by the old issue-on-download code were rebuilt from live data on every download
-- and were never a legal document; the shop had not opened, so they and their counters are
-- dropped and every invoice from here on is issued at dispatch with its document stored.
DELETE FROM "invoices";--> statement-breakpoint
DELETE FROM "invoice_counters";--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"supplier_key" text NOT NULL,
	"fy" integer NOT NULL,
	"seq" integer NOT NULL,
	"number" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"document" jsonb NOT NULL,
	CONSTRAINT "credit_notes_number_length_check" CHECK (char_length("credit_notes"."number") <= 16)
);
--> statement-breakpoint
CREATE TABLE "seller_signing_keys" (
	"seller_id" uuid PRIMARY KEY NOT NULL,
	"sealed" text NOT NULL,
	"subject" text NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_sub_order_id_sub_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hsn" text;--> statement-breakpoint
-- Existing products get the code of their kind once, by title (the rules the invoices used,
-- corrected: power banks are accumulators 8507 60, earbuds 8518 30); sellers pick it from now on.
UPDATE "products" SET "hsn" = CASE
  WHEN "title" ~* 'power ?bank|battery pack' THEN '850760'
  WHEN "title" ~* 'airpods|\mbuds\M|earbud|airdopes|earphone|headphone|neckband|bullets|nirvana' THEN '851830'
  WHEN "title" ~* 'speaker' THEN '851822'
  WHEN "title" ~* 'watch' THEN '851762'
  WHEN "title" ~* '\mcase\M|\mcover\M' THEN '392690'
  WHEN "title" ~* 'charger|adapter' THEN '850440'
  WHEN "title" ~* 'cable' THEN '854442'
  WHEN "title" ~* '\mipad\M|\mtab\M|tablet' THEN '847130'
  WHEN "category" = 'accessories' THEN '850440'
  ELSE '851713'
END;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "hsn" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_gstin" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_legal_name" text;--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "state_code" text;--> statement-breakpoint
ALTER TABLE "vendor_profiles" ADD COLUMN "turnover_above_5cr" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD COLUMN "series" text DEFAULT 'invoice' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_counters" DROP CONSTRAINT "invoice_counters_supplier_key_fy_pk";--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_supplier_key_series_fy_pk" PRIMARY KEY("supplier_key","series","fy");--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "document" jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_signing_keys" ADD CONSTRAINT "seller_signing_keys_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_supplier_fy_seq_key" ON "credit_notes" USING btree ("supplier_key","fy","seq");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_sub_order_id_sub_orders_id_fk" FOREIGN KEY ("sub_order_id") REFERENCES "public"."sub_orders"("id") ON DELETE restrict ON UPDATE no action;
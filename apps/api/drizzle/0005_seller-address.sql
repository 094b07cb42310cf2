CREATE TABLE "invoice_counters" (
	"supplier_key" text NOT NULL,
	"fy" integer NOT NULL,
	"last_seq" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_counters_supplier_key_fy_pk" PRIMARY KEY("supplier_key","fy")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sub_order_id" uuid NOT NULL,
	"supplier_key" text NOT NULL,
	"fy" integer NOT NULL,
	"seq" integer NOT NULL,
	"number" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invoices_number_length_check" CHECK (char_length("invoices"."number") <= 16)
);
--> statement-breakpoint
ALTER TABLE "vendor_profiles" ADD COLUMN "business_name" text;--> statement-breakpoint
ALTER TABLE "vendor_profiles" ADD COLUMN "address_line" text;--> statement-breakpoint
ALTER TABLE "vendor_profiles" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "vendor_profiles" ADD COLUMN "state_code" text;--> statement-breakpoint
ALTER TABLE "vendor_profiles" ADD COLUMN "pincode" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_sub_order_id_sub_orders_id_fk" FOREIGN KEY ("sub_order_id") REFERENCES "public"."sub_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_sub_order_key" ON "invoices" USING btree ("sub_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_supplier_fy_seq_key" ON "invoices" USING btree ("supplier_key","fy","seq");
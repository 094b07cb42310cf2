CREATE TABLE "fee_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"month" text NOT NULL,
	"kind" text NOT NULL,
	"fy" integer NOT NULL,
	"seq" integer NOT NULL,
	"number" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"taxable_paise" integer NOT NULL,
	"cgst_paise" integer NOT NULL,
	"sgst_paise" integer NOT NULL,
	"igst_paise" integer NOT NULL,
	"total_paise" integer NOT NULL,
	"document" jsonb NOT NULL,
	CONSTRAINT "fee_invoices_number_length_check" CHECK (char_length("fee_invoices"."number") <= 16),
	CONSTRAINT "fee_invoices_total_check" CHECK ("fee_invoices"."total_paise" > 0)
);
--> statement-breakpoint
ALTER TABLE "fee_invoices" ADD CONSTRAINT "fee_invoices_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fee_invoices_seller_month_kind_key" ON "fee_invoices" USING btree ("seller_id","month","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_invoices_kind_fy_seq_key" ON "fee_invoices" USING btree ("kind","fy","seq");--> statement-breakpoint
CREATE INDEX "fee_invoices_month_idx" ON "fee_invoices" USING btree ("month");
CREATE TABLE "invoice_reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"supplier_key" text NOT NULL,
	"fy" integer NOT NULL,
	"seq" integer NOT NULL,
	"sub_order_id" uuid,
	"reserved_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vendor_profiles" ADD COLUMN "gstin_problem" text;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "irn_status" text;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "irn_error" text;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "irn_claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoice_reservations" ADD CONSTRAINT "invoice_reservations_sub_order_id_sub_orders_id_fk" FOREIGN KEY ("sub_order_id") REFERENCES "public"."sub_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_reservations_supplier_fy_seq_key" ON "invoice_reservations" USING btree ("supplier_key","fy","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_reservations_sub_order_key" ON "invoice_reservations" USING btree ("sub_order_id");--> statement-breakpoint
CREATE INDEX "credit_notes_irn_pending_idx" ON "credit_notes" USING btree ("issued_at") WHERE "credit_notes"."irn_status" = 'pending';--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_irn_status_check" CHECK ("credit_notes"."irn_status" is null or "credit_notes"."irn_status" in ('pending', 'registered', 'refused'));
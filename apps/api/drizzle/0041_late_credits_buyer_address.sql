CREATE TABLE "late_credits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"return_id" uuid,
	"recorded_at" timestamp with time zone NOT NULL,
	"last_day" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"lines" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_address" jsonb;--> statement-breakpoint
ALTER TABLE "late_credits" ADD CONSTRAINT "late_credits_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "late_credits" ADD CONSTRAINT "late_credits_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "late_credits_return_key" ON "late_credits" USING btree ("return_id");--> statement-breakpoint
CREATE INDEX "late_credits_invoice_idx" ON "late_credits" USING btree ("invoice_id");
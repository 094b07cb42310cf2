CREATE TABLE "e_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"source" text NOT NULL,
	"registered_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "e_documents_kind_check" CHECK ("e_documents"."kind" in ('irn', 'ewb')),
	CONSTRAINT "e_documents_source_check" CHECK ("e_documents"."source" in ('portal', 'sandbox', 'seller'))
);
--> statement-breakpoint
CREATE TABLE "seller_einvoicing" (
	"seller_id" uuid PRIMARY KEY NOT NULL,
	"applies" boolean NOT NULL,
	"aggregate_turnover_paise" bigint,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "e_documents" ADD CONSTRAINT "e_documents_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_einvoicing" ADD CONSTRAINT "seller_einvoicing_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_einvoicing" ADD CONSTRAINT "seller_einvoicing_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "e_documents_invoice_kind_key" ON "e_documents" USING btree ("invoice_id","kind");
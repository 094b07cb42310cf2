-- Kept invoice PDFs not downloaded for INVOICE_PDF_KEEP_DAYS are purged (they render again from
-- the stored invoice). Rows already kept count as served now: the first purge is a full window away.
ALTER TABLE "invoice_pdfs" ADD COLUMN "served_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "invoice_pdfs_served_at_idx" ON "invoice_pdfs" USING btree ("served_at");
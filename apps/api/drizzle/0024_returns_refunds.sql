-- Cancellations, returns and refunds with GST credit notes (issue 18, decision 55).
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"sub_order_id" uuid,
	"return_id" uuid,
	"payment_id" uuid,
	"source_key" text NOT NULL,
	"cause" text NOT NULL,
	"method" text NOT NULL,
	"provider" text,
	"amount_paise" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"provider_refund_id" text,
	"reference" text,
	"payout" jsonb,
	"failure" text,
	"expected_by" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "return_lines" (
	"return_id" uuid NOT NULL,
	"order_line_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "return_lines_quantity_check" CHECK ("return_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"sub_order_id" uuid NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"payout" jsonb,
	"decision_note" text,
	"decide_by" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"pickup_courier" text,
	"pickup_awb" text,
	"pickup_label_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sub_orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "return_id" uuid;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_sub_order_id_sub_orders_id_fk" FOREIGN KEY ("sub_order_id") REFERENCES "public"."sub_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_sub_order_id_sub_orders_id_fk" FOREIGN KEY ("sub_order_id") REFERENCES "public"."sub_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_source_key" ON "refunds" USING btree ("source_key");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_refund_key" ON "refunds" USING btree ("provider_refund_id");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_open_idx" ON "refunds" USING btree ("created_at") WHERE "refunds"."status" <> 'completed';--> statement-breakpoint
CREATE UNIQUE INDEX "return_lines_key" ON "return_lines" USING btree ("return_id","order_line_id");--> statement-breakpoint
CREATE INDEX "return_lines_order_line_idx" ON "return_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "returns_order_idx" ON "returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "returns_sub_order_idx" ON "returns" USING btree ("sub_order_id");--> statement-breakpoint
CREATE INDEX "returns_open_idx" ON "returns" USING btree ("created_at") WHERE "returns"."status" IN ('requested', 'approved', 'received');--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_return_key" ON "credit_notes" USING btree ("return_id");--> statement-breakpoint
-- The return window counts from delivery: parts delivered before this column existed take the
-- moment their timeline says they were delivered (their own line, else the whole order's).
UPDATE "sub_orders" s SET "delivered_at" = (
  SELECT max(h."created_at") FROM "order_history" h
  WHERE h."order_id" = s."order_id" AND h."event" = 'deliver'
    AND (h."sub_order_id" = s."id" OR h."sub_order_id" IS NULL)
) WHERE s."status" = 'delivered';--> statement-breakpoint
-- Refunds queued before the ledger existed (a late payment, a rejected or undelivered paid part)
-- become ledger rows, and their outbox items name the row, as new ones do.
INSERT INTO "refunds" ("order_id", "payment_id", "source_key", "cause", "method", "provider",
  "amount_paise", "status", "provider_refund_id", "failure", "expected_by", "completed_at", "created_at")
SELECT (o."payload"->>'orderId')::uuid, (o."payload"->>'paymentId')::uuid,
  'legacy:' || (o."payload"->>'paymentId'),
  CASE ord."order_status" WHEN 'returned' THEN 'undelivered' WHEN 'rejected' THEN 'rejection' ELSE 'latePayment' END,
  'original', o."payload"->>'provider', (o."payload"->>'amountPaise')::int,
  CASE WHEN p."status" = 'refunded' THEN 'completed' WHEN o."status" = 'dead' THEN 'failed'
    WHEN o."status" = 'done' THEN 'initiated' ELSE 'pending' END,
  o."payload"->>'refundId',
  -- A given-up one may have reached the provider (or been refunded by hand in its dashboard): a
  -- retry must ask under the same id (its text starts like the worker's "never answered").
  CASE WHEN o."status" = 'dead' AND p."status" <> 'refunded'
    THEN 'The provider could not be reached (queued before the refund ledger): check its dashboard before retrying' END,
  o."created_at" + interval '10 days',
  CASE WHEN p."status" = 'refunded' THEN o."done_at" END, o."created_at"
FROM "outbox" o
JOIN "orders" ord ON ord."id" = (o."payload"->>'orderId')::uuid
JOIN "payments" p ON p."id" = (o."payload"->>'paymentId')::uuid
WHERE o."kind" = 'payment.refund' AND (o."payload"->>'amountPaise')::int > 0
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "outbox" o SET "payload" = jsonb_build_object('refundId', r."id")
FROM "refunds" r
WHERE o."kind" = 'payment.refund' AND o."status" = 'pending'
  AND r."provider_refund_id" = o."payload"->>'refundId';

CREATE TABLE "commission_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category" text,
	"min_unit_paise" integer NOT NULL,
	"max_unit_paise" integer,
	"percent_bp" integer NOT NULL,
	"closing_fee_paise" integer NOT NULL,
	"commission_reversed_on_return" boolean NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"effective_to" timestamp with time zone,
	CONSTRAINT "commission_rules_band_check" CHECK ("commission_rules"."min_unit_paise" >= 0 AND ("commission_rules"."max_unit_paise" IS NULL OR "commission_rules"."max_unit_paise" > "commission_rules"."min_unit_paise")),
	CONSTRAINT "commission_rules_rates_check" CHECK ("commission_rules"."percent_bp" BETWEEN 0 AND 10000 AND "commission_rules"."closing_fee_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "settlement_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"sub_order_id" uuid NOT NULL,
	"return_id" uuid,
	"kind" text NOT NULL,
	"invoice_line" integer NOT NULL,
	"quantity" integer NOT NULL,
	"amount_paise" integer NOT NULL,
	"base_paise" integer,
	"rate_bp" integer,
	"cgst_paise" integer DEFAULT 0 NOT NULL,
	"sgst_paise" integer DEFAULT 0 NOT NULL,
	"igst_paise" integer DEFAULT 0 NOT NULL,
	"rule_id" uuid,
	"reversible" boolean NOT NULL,
	"tax_period" text,
	"reverses" uuid,
	"dedupe_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "settlement_entries_quantity_check" CHECK ("settlement_entries"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "vendor_profiles" ADD COLUMN "pan" text;--> statement-breakpoint
ALTER TABLE "settlement_entries" ADD CONSTRAINT "settlement_entries_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_entries" ADD CONSTRAINT "settlement_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_entries" ADD CONSTRAINT "settlement_entries_sub_order_id_sub_orders_id_fk" FOREIGN KEY ("sub_order_id") REFERENCES "public"."sub_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_entries" ADD CONSTRAINT "settlement_entries_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_entries" ADD CONSTRAINT "settlement_entries_rule_id_commission_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."commission_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_entries" ADD CONSTRAINT "settlement_entries_reverses_settlement_entries_id_fk" FOREIGN KEY ("reverses") REFERENCES "public"."settlement_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commission_rules_category_idx" ON "commission_rules" USING btree ("category","effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_entries_dedupe_key" ON "settlement_entries" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "settlement_entries_seller_idx" ON "settlement_entries" USING btree ("seller_id","sub_order_id");--> statement-breakpoint
CREATE INDEX "settlement_entries_sub_order_idx" ON "settlement_entries" USING btree ("sub_order_id");--> statement-breakpoint
CREATE INDEX "settlement_entries_reverses_idx" ON "settlement_entries" USING btree ("reverses");--> statement-breakpoint
-- The ledger is append-only: a correction is a new entry, so nothing may change or remove one
-- (docs/decisions/059-seller-settlement-ledger.md). The trigger makes forgetting impossible.
CREATE FUNCTION settlement_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'settlement_entries is append-only: % refused', TG_OP;
END;
$$;--> statement-breakpoint
CREATE TRIGGER settlement_entries_append_only BEFORE UPDATE OR DELETE ON "settlement_entries"
  FOR EACH ROW EXECUTE FUNCTION settlement_entries_append_only();--> statement-breakpoint
-- The default commission schedule (decision 59), in force from 1 October 2024 (when TDS under
-- s.194-O fell to 0.1%): by category and unit price (GST included), Amazon.in-like slabs: nothing
-- up to ₹300, then a percentage; a closing fee per unit by band. Commission is given back on a
-- return; the closing fee is not.
INSERT INTO "commission_rules"
  ("category", "min_unit_paise", "max_unit_paise", "percent_bp", "closing_fee_paise",
   "commission_reversed_on_return", "effective_from")
VALUES
  ('electronics', 0, 30000, 0, 500, true, '2024-10-01T00:00:00+05:30'),
  ('electronics', 30000, 100000, 600, 2000, true, '2024-10-01T00:00:00+05:30'),
  ('electronics', 100000, 1200000, 600, 4000, true, '2024-10-01T00:00:00+05:30'),
  ('electronics', 1200000, NULL, 1000, 6000, true, '2024-10-01T00:00:00+05:30'),
  ('accessories', 0, 30000, 0, 500, true, '2024-10-01T00:00:00+05:30'),
  ('accessories', 30000, 100000, 900, 2000, true, '2024-10-01T00:00:00+05:30'),
  ('accessories', 100000, NULL, 900, 4000, true, '2024-10-01T00:00:00+05:30'),
  (NULL, 0, 30000, 0, 500, true, '2024-10-01T00:00:00+05:30'),
  (NULL, 30000, 100000, 800, 2000, true, '2024-10-01T00:00:00+05:30'),
  (NULL, 100000, NULL, 800, 4000, true, '2024-10-01T00:00:00+05:30');

-- Ship-by days (issue 16): when each seller's part became confirmed (placed as cash on delivery,
-- or paid), and an index for the admin's shipments and the late ones. Parts already confirmed or
-- further along count from their payment when the timeline has one, else from their placing.
ALTER TABLE "sub_orders" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sub_orders_confirmed_idx" ON "sub_orders" USING btree ("confirmed_at");--> statement-breakpoint
UPDATE "sub_orders" AS s
SET "confirmed_at" = coalesce(
  (SELECT min(h."created_at") FROM "order_history" AS h
    WHERE h."order_id" = s."order_id" AND h."event" = 'pay'),
  s."created_at"
)
WHERE s."status" IN ('confirmed', 'inProcess', 'inShipping', 'delivered', 'returned');

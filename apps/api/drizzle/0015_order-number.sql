-- Generated, then edited (decision 42): existing orders are numbered in the order they were
-- placed (created_at, then id) from 10001, and only then does the column become the identity,
-- which continues after the last backfilled number. Adding the identity column straight away
-- would number existing rows in storage order instead.
ALTER TABLE "orders" ADD COLUMN "order_number" integer;--> statement-breakpoint
UPDATE "orders" SET "order_number" = "numbered"."n" FROM (SELECT "id", 10000 + row_number() OVER (ORDER BY "created_at", "id") AS "n" FROM "orders") AS "numbered" WHERE "orders"."id" = "numbered"."id";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "order_number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "order_number" ADD GENERATED ALWAYS AS IDENTITY (sequence name "orders_order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 10001 CACHE 1);--> statement-breakpoint
SELECT setval('"orders_order_number_seq"', "last") FROM (SELECT max("order_number") AS "last" FROM "orders") AS "numbers" WHERE "last" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_number_key" ON "orders" USING btree ("order_number");

-- Issue 31.7 (decision 086): addresses get the person to deliver to, an optional landmark, a
-- Home/Work kind and one default per user.
-- HAND-WRITTEN (keep when regenerating): the recipient name is added nullable, backfilled and
-- only then made NOT NULL; the default is backfilled before its unique index is made.
ALTER TABLE "addresses" ADD COLUMN "recipient_name" text;--> statement-breakpoint
-- HAND-WRITTEN backfill: an address saved before recipients were asked goes to the account holder.
UPDATE "addresses" SET "recipient_name" = "users"."user_name"
  FROM "users" WHERE "users"."id" = "addresses"."user_id";--> statement-breakpoint
ALTER TABLE "addresses" ALTER COLUMN "recipient_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "landmark" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "kind" text DEFAULT 'home' NOT NULL;--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "is_default" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- HAND-WRITTEN backfill: each user's default is the saved address their latest order went to,
-- else the first one they saved (the rule for new users: the first address is the default).
UPDATE "addresses" SET "is_default" = true
  WHERE "id" IN (
    SELECT DISTINCT ON (a."user_id") a."id"
    FROM "addresses" a
    LEFT JOIN LATERAL (
      SELECT max(o."created_at") AS "last_ordered" FROM "orders" o
      WHERE o."user_id" = a."user_id" AND o."address_info"->>'addressId' = a."id"::text
    ) used ON true
    ORDER BY a."user_id", used."last_ordered" DESC NULLS LAST, a."created_at", a."id"
  );--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_one_default_key" ON "addresses" USING btree ("user_id") WHERE "addresses"."is_default";--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_kind_check" CHECK ("addresses"."kind" IN ('home', 'work'));

-- Product pages live at /p/{slug}-{shortId} (issue 29, docs/decisions/065-product-urls-and-sitemaps.md).
-- A short id is 8 characters of Crockford's base32 in lower case (shared SHORT_ID_ALPHABET: no
-- i, l, o or u), 40 random bits, drawn from gen_random_uuid(), which is built in and uses the
-- server's strong random source (no pgcrypto, so PGlite has it too): bytes 0-5 and 10-11 of a
-- version-4 UUID are wholly random, and the low 5 bits of each pick a character. A candidate
-- already taken is drawn again. A VOLATILE function sees the rows its calling statement has
-- written so far, so one INSERT ... SELECT or UPDATE of many rows never draws an id twice; two
-- transactions drawing the same new id at the same instant are left to the unique constraint
-- (odds of about one in 10^12 at a million products). Products are never deleted (decision 19),
-- so an id, once given, is never given again. One expression instead of a loop over the bytes:
-- PGlite runs it twice as fast, and the bench generates 100,000 products with it.
CREATE OR REPLACE FUNCTION "product_short_id"() RETURNS text
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  a constant text := '0123456789abcdefghjkmnpqrstvwxyz';
  b bytea;
  candidate text;
BEGIN
  LOOP
    b := uuid_send(gen_random_uuid());
    candidate :=
      substr(a, 1 + (get_byte(b, 0) & 31), 1) || substr(a, 1 + (get_byte(b, 1) & 31), 1) ||
      substr(a, 1 + (get_byte(b, 2) & 31), 1) || substr(a, 1 + (get_byte(b, 3) & 31), 1) ||
      substr(a, 1 + (get_byte(b, 4) & 31), 1) || substr(a, 1 + (get_byte(b, 5) & 31), 1) ||
      substr(a, 1 + (get_byte(b, 10) & 31), 1) || substr(a, 1 + (get_byte(b, 11) & 31), 1);
    IF NOT EXISTS (SELECT 1 FROM "products" WHERE "short_id" = candidate) THEN
      RETURN candidate;
    END IF;
  END LOOP;
END
$$;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "short_id" text;
--> statement-breakpoint
-- The unique index first, so each draw's check below is an index probe, not a pass over the table.
ALTER TABLE "products" ADD CONSTRAINT "products_short_id_key" UNIQUE("short_id");
--> statement-breakpoint
-- Existing products, in one statement (each row's draw sees the ids given before it).
UPDATE "products" SET "short_id" = "product_short_id"();
--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "short_id" SET DEFAULT "product_short_id"();
--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "short_id" SET NOT NULL;

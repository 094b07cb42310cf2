CREATE TABLE "listing_counts" (
	"category" text NOT NULL,
	"section" text,
	"brand" text NOT NULL,
	"in_stock" boolean NOT NULL,
	"option_key" text DEFAULT '' NOT NULL,
	"n" integer NOT NULL,
	"delta" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_option_labels" (
	"option_key" text NOT NULL,
	"name" text NOT NULL,
	"label" text NOT NULL,
	"swatch" text,
	"n" integer NOT NULL,
	"delta" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
-- Option filters walk the family leads' own indexes (below) instead: the GIN index let the planner,
-- misled by keys that always go together, fetch and sort every family lead (decision 099).
DROP INDEX "products_family_options_idx";--> statement-breakpoint
CREATE INDEX "listing_counts_delta_idx" ON "listing_counts" USING btree ("delta") WHERE delta;--> statement-breakpoint
CREATE INDEX "listing_option_labels_delta_idx" ON "listing_option_labels" USING btree ("delta") WHERE delta;--> statement-breakpoint
-- INCLUDE "section" (by hand, as below): the range's key holds coalesce(section, ''), and a count
-- capped along it reads the index alone only when the column itself is there too.
CREATE INDEX "products_combo_price_idx" ON "products" USING btree ("category","brand",coalesce("section", ''),"effective_price_paise","id") INCLUDE ("section") WHERE listed AND family_lead;--> statement-breakpoint
CREATE INDEX "products_combo_title_idx" ON "products" USING btree ("category","brand",coalesce("section", ''),lower("title") COLLATE "C","id") WHERE listed AND family_lead;--> statement-breakpoint
CREATE INDEX "products_rating_idx" ON "products" USING btree ("average_review") WHERE listed AND family_lead;--> statement-breakpoint
CREATE INDEX "products_discount_idx" ON "products" USING btree ("discount_percent") WHERE listed AND family_lead;--> statement-breakpoint
-- The family leads' indexes carry every filter column (INCLUDE, written here by hand: the
-- schema builder has no INCLUDE), so an option-filtered page, its total and the option counts are
-- index-only walks of the few family leads, never a heap fetch per lead.
CREATE INDEX "products_family_lead_price_idx" ON "products" USING btree ("effective_price_paise","id") INCLUDE ("family_option_keys","category","brand","section","in_stock","discount_percent","average_review") WHERE listed AND family_lead AND family_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "products_family_lead_title_idx" ON "products" USING btree (lower("title") COLLATE "C","id") INCLUDE ("title","family_option_keys","category","brand","section","effective_price_paise","in_stock","discount_percent","average_review") WHERE listed AND family_lead AND family_id IS NOT NULL;--> statement-breakpoint
-- Kept listing counts (decision 099). Each statement that changes products adds one row per
-- category, section, brand, stock and option key whose count it changed (`delta`), in its own
-- transaction: the counts commit with the change, and writers never wait on one another's counter
-- (an order taking a product's last unit, a seller's bulk upload). The job `listing-counts-fold`
-- sums the deltas; a reader sums the rows of the combinations it asks for.
CREATE FUNCTION "listing_counts_apply"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM listing_counts;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO listing_counts (category, section, brand, in_stock, option_key, n)
    SELECT category, section, brand, in_stock, k, count(*)::int
    FROM new_rows, unnest(array_prepend('', family_option_keys)) AS k
    WHERE listed AND family_lead
    GROUP BY 1, 2, 3, 4, 5;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO listing_counts (category, section, brand, in_stock, option_key, n)
    SELECT category, section, brand, in_stock, k, -count(*)::int
    FROM old_rows, unnest(array_prepend('', family_option_keys)) AS k
    WHERE listed AND family_lead
    GROUP BY 1, 2, 3, 4, 5;
  ELSE
    -- Most updates (a price, a stock that stays above zero) change no count and add nothing.
    INSERT INTO listing_counts (category, section, brand, in_stock, option_key, n)
    SELECT category, section, brand, in_stock, k, sum(d)::int
    FROM (
      SELECT category, section, brand, in_stock, family_option_keys, 1 AS d
      FROM new_rows WHERE listed AND family_lead
      UNION ALL
      SELECT category, section, brand, in_stock, family_option_keys, -1
      FROM old_rows WHERE listed AND family_lead
    ) AS changed, unnest(array_prepend('', family_option_keys)) AS k
    GROUP BY 1, 2, 3, 4, 5
    HAVING sum(d) <> 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "products_listing_counts_insert" AFTER INSERT ON "products"
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "listing_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "products_listing_counts_update" AFTER UPDATE ON "products"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "listing_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "products_listing_counts_delete" AFTER DELETE ON "products"
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "listing_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "products_listing_counts_truncate" AFTER TRUNCATE ON "products"
FOR EACH STATEMENT EXECUTE FUNCTION "listing_counts_apply"();
--> statement-breakpoint
-- A family's options as rows: the filter key ("colour:blue"), the option's name, the value's label
-- and swatch.
CREATE FUNCTION "listing_option_values"(options jsonb)
RETURNS TABLE (key text, name text, label text, swatch text)
LANGUAGE sql IMMUTABLE AS $$
  SELECT lower((o.opt->>'name') || ':' || (v.val->>'value')), o.opt->>'name', v.val->>'value',
    v.val->>'swatch'
  FROM jsonb_array_elements(options) AS o(opt), jsonb_array_elements(o.opt->'values') AS v(val)
$$;
--> statement-breakpoint
-- The option values' labels and swatches as the families spell them, kept the same way (a
-- transition table exists only for its own events, hence one statement per event).
CREATE FUNCTION "listing_option_labels_apply"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM listing_option_labels;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO listing_option_labels (option_key, name, label, swatch, n)
    SELECT key, name, label, swatch, sum(d)::int
    FROM (SELECT options, 1 AS d FROM new_rows) AS changed, listing_option_values(changed.options)
    GROUP BY 1, 2, 3, 4;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO listing_option_labels (option_key, name, label, swatch, n)
    SELECT key, name, label, swatch, sum(d)::int
    FROM (SELECT options, -1 AS d FROM old_rows) AS changed, listing_option_values(changed.options)
    GROUP BY 1, 2, 3, 4;
  ELSE
    INSERT INTO listing_option_labels (option_key, name, label, swatch, n)
    SELECT key, name, label, swatch, sum(d)::int
    FROM (
      SELECT options, 1 AS d FROM new_rows
      UNION ALL
      SELECT options, -1 FROM old_rows
    ) AS changed, listing_option_values(changed.options)
    GROUP BY 1, 2, 3, 4
    HAVING sum(d) <> 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "product_families_labels_insert" AFTER INSERT ON "product_families"
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "listing_option_labels_apply"();
--> statement-breakpoint
CREATE TRIGGER "product_families_labels_update" AFTER UPDATE ON "product_families"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "listing_option_labels_apply"();
--> statement-breakpoint
CREATE TRIGGER "product_families_labels_delete" AFTER DELETE ON "product_families"
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "listing_option_labels_apply"();
--> statement-breakpoint
CREATE TRIGGER "product_families_labels_truncate" AFTER TRUNCATE ON "product_families"
FOR EACH STATEMENT EXECUTE FUNCTION "listing_option_labels_apply"();
--> statement-breakpoint
-- What the catalog holds now, counted once.
INSERT INTO listing_counts (category, section, brand, in_stock, option_key, n, delta)
SELECT category, section, brand, in_stock, k, count(*)::int, false
FROM products, unnest(array_prepend('', family_option_keys)) AS k
WHERE listed AND family_lead
GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO listing_option_labels (option_key, name, label, swatch, n, delta)
SELECT key, name, label, swatch, count(*)::int, false
FROM product_families, listing_option_values(product_families.options)
GROUP BY 1, 2, 3, 4;

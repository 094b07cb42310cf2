-- Every committed change to what the storefront lists (products, the seller names shown on
-- them, the filter options) is announced on the channel "catalog_changed". API processes LISTEN there and drop their
-- cached listing pages, so a cache in each process stays exact without any code path having to
-- remember to invalidate it (admin edits, orders taking stock, expiry returning it, reviews,
-- vendor approval, manual SQL). NOTIFY is transactional: it is delivered only on commit, and
-- repeated notifications within one transaction are folded into one.
CREATE OR REPLACE FUNCTION "notify_catalog_changed"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalog_changed', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "products_catalog_changed"
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_catalog_changed"
AFTER UPDATE OF "user_name" ON "users"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "filter_options_catalog_changed"
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "filter_options"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalog_changed"();

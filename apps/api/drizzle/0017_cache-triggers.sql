-- The catalog cache also keeps product details, a product's reviews and the home banners
-- (decision 45), so every table those replies are read from announces its committed changes on
-- "catalog_changed" too (the function is migration 0006's). A review's "verified purchase" is
-- derived from the author's orders when reviews are read (decision 36): orders, their sellers'
-- parts and their lines count, but only through the columns that rule reads, so a payment id
-- or a timestamp being stored does not empty the cache. NOTIFY folds repeats within one
-- transaction: placing an order, which already changes stock, still announces once.
CREATE TRIGGER "reviews_catalog_changed"
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "reviews"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "feature_images_catalog_changed"
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "feature_images"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "orders_catalog_changed"
AFTER INSERT OR UPDATE OF "user_id", "order_status", "payment_status", "payment_method" OR DELETE OR TRUNCATE
ON "orders"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "sub_orders_catalog_changed"
AFTER INSERT OR UPDATE OF "order_id", "status" OR DELETE OR TRUNCATE ON "sub_orders"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "order_lines_catalog_changed"
AFTER INSERT OR UPDATE OF "order_id", "sub_order_id", "product_id" OR DELETE OR TRUNCATE
ON "order_lines"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalog_changed"();
--> statement-breakpoint
-- Only shopper accounts' reviews can be verified: an account's type counts as well as its name.
DROP TRIGGER "users_catalog_changed" ON "users";
--> statement-breakpoint
CREATE TRIGGER "users_catalog_changed"
AFTER UPDATE OF "user_name", "type" ON "users"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalog_changed"();

-- A seller sells only with a GSTIN, which its GST invoices print as the supplier's (decision 44):
-- sellers an admin created before "Add New Vendor" asked for one stop being listed until an
-- admin completes them. Updating products fires their NOTIFY trigger (migration 0006), so every
-- API process drops its cached catalog when this commits.
UPDATE "products" SET "listed" = false
WHERE "listed" AND "seller_id" IN (
  SELECT "user_id" FROM "vendor_profiles" WHERE "gst_number" IS NULL
);

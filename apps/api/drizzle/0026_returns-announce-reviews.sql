-- A review's "Verified purchase" mark is derived from the author's order (decision 36) and now
-- also from its returns: a line returned in full (quality check passed) is no purchase. Review
-- lists are kept in the catalog cache, so a return's status change must empty it too.
CREATE TRIGGER "returns_catalog_changed"
AFTER UPDATE OF "status" ON "returns"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalog_changed"();

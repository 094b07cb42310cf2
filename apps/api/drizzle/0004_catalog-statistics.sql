-- Category, section and brand are strongly correlated (accessories live in the accessories
-- section; some brands sell only audio). Multi-column MCV statistics let the planner see that,
-- e.g., category=electronics AND section=accessories matches nothing, instead of multiplying the
-- two selectivities and walking a whole price index looking for 24 rows.
CREATE STATISTICS IF NOT EXISTS "products_facets_stats" (mcv, dependencies) ON "category", "section", "brand" FROM "products";

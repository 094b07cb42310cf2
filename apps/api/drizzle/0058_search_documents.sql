CREATE TABLE "search_documents" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"words" "tsvector" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "search_documents" ADD CONSTRAINT "search_documents_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_documents_words_idx" ON "search_documents" USING gin ("words");--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- A listed family lead's search document (decision 098): title and brand words as 'simple'
-- lexemes (weight A), and its kind of product as the lexeme hsn<code> (weight B), so "mobile"
-- (hsn851713) and "samsung" are asked of one GIN index in one query.
CREATE FUNCTION "search_document_of"(title text, brand text, hsn text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('simple'::regconfig, coalesce(title, '') || ' ' || coalesce(brand, '')), 'A')
      || setweight(array_to_tsvector(ARRAY['hsn' || coalesce(hsn, '')]), 'B')
$$;
--> statement-breakpoint
-- The words a product brings to the spelling list: letters only, 3 to 24 of them (model numbers
-- and codes are never corrected, only matched exactly).
CREATE FUNCTION "search_words_of"(title text, brand text, description text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT word FROM unnest(tsvector_to_array(to_tsvector('simple'::regconfig,
    coalesce(title, '') || ' ' || coalesce(brand, '') || ' ' || coalesce(description, '')))) AS word
  WHERE word ~ '^[[:alpha:]]{3,24}$'
$$;
--> statement-breakpoint
-- New products, once per statement (the bench's million rows are one INSERT).
CREATE FUNCTION "search_documents_inserted"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_documents (product_id, words)
    SELECT id, search_document_of(title, brand, hsn) FROM new_products WHERE listed AND family_lead
    ON CONFLICT (product_id) DO UPDATE SET words = EXCLUDED.words;
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM new_products, search_words_of(title, brand, description) AS w
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "products_search_inserted"
AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_products
FOR EACH STATEMENT EXECUTE FUNCTION "search_documents_inserted"();
--> statement-breakpoint
-- A changed product: only when a column search reads changed (stock and price updates from
-- orders never fire it).
CREATE FUNCTION "search_document_updated"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.listed AND NEW.family_lead THEN
    INSERT INTO search_documents (product_id, words)
      VALUES (NEW.id, search_document_of(NEW.title, NEW.brand, NEW.hsn))
      ON CONFLICT (product_id) DO UPDATE SET words = EXCLUDED.words
      WHERE search_documents.words IS DISTINCT FROM EXCLUDED.words;
  ELSE
    DELETE FROM search_documents WHERE product_id = NEW.id;
  END IF;
  IF NEW.title IS DISTINCT FROM OLD.title OR NEW.brand IS DISTINCT FROM OLD.brand
     OR NEW.description IS DISTINCT FROM OLD.description THEN
    INSERT INTO search_words (word)
      SELECT DISTINCT w FROM search_words_of(NEW.title, NEW.brand, NEW.description) AS w
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "products_search_updated"
AFTER UPDATE OF "title", "brand", "hsn", "description", "listed", "family_lead" ON "products"
FOR EACH ROW
WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.brand IS DISTINCT FROM NEW.brand
  OR OLD.hsn IS DISTINCT FROM NEW.hsn OR OLD.description IS DISTINCT FROM NEW.description
  OR OLD.listed IS DISTINCT FROM NEW.listed OR OLD.family_lead IS DISTINCT FROM NEW.family_lead)
EXECUTE FUNCTION "search_document_updated"();
--> statement-breakpoint
-- Up to `want` documents matching `query`, none of `excluded`, without reading every match of a
-- common word (decision 098): first among the first `probe_rows` documents in table order, where a
-- common word fills `want` in a few thousand rows; finding fewer there means the word is rare
-- (under want/probe_rows of the catalog), and then the GIN index lists every match cheaply.
-- Sequential scans start at the table's first block (no synchronized scans), so the same
-- keyword always finds the same candidates; the second query may only use the index.
CREATE FUNCTION "search_documents_matching"(query tsquery, want integer, probe_rows integer,
  excluded uuid[]) RETURNS uuid[]
LANGUAGE plpgsql STABLE
SET synchronize_seqscans = off
AS $$
DECLARE
  found uuid[];
BEGIN
  IF want <= 0 OR query IS NULL THEN
    RETURN '{}';
  END IF;
  found := ARRAY(SELECT d.product_id FROM (SELECT product_id, words FROM search_documents LIMIT probe_rows) d
    WHERE d.words @@ query AND NOT d.product_id = ANY (excluded) LIMIT want);
  IF cardinality(found) < want THEN
    PERFORM set_config('enable_seqscan', 'off', true);
    found := ARRAY(SELECT product_id FROM search_documents
      WHERE words @@ query AND NOT product_id = ANY (excluded) LIMIT want);
    PERFORM set_config('enable_seqscan', 'on', true);
  END IF;
  RETURN found;
END;
$$;
--> statement-breakpoint
-- The candidates of a search, at most `want`, in stages, each only while fewer were found:
-- 1. every word of the keyword and `preferred` (phones, for a keyword naming no kind); 2. every
-- word (`all_words`); 3. any word (`any_word`), ranked lower by the caller; 4. when nothing was
-- found, the keyword in the description (`described`, on products' own search vector).
CREATE FUNCTION "search_candidates"(all_words tsquery, preferred tsquery, any_word tsquery,
  described tsquery, want integer, probe_rows integer) RETURNS SETOF uuid
LANGUAGE plpgsql STABLE ROWS 100
SET synchronize_seqscans = off
AS $$
DECLARE
  found uuid[] := '{}';
BEGIN
  found := search_documents_matching(all_words && preferred, want, probe_rows, found);
  found := found || search_documents_matching(all_words, want - cardinality(found), probe_rows, found);
  found := found || search_documents_matching(any_word, want - cardinality(found), probe_rows, found);
  IF cardinality(found) = 0 AND described IS NOT NULL THEN
    found := ARRAY(SELECT p.id FROM (SELECT id, search_vector FROM products WHERE listed AND family_lead
      LIMIT probe_rows) p WHERE p.search_vector @@ described LIMIT want);
    IF cardinality(found) < want THEN
      PERFORM set_config('enable_seqscan', 'off', true);
      found := ARRAY(SELECT id FROM products WHERE listed AND family_lead AND search_vector @@ described
        LIMIT want);
      PERFORM set_config('enable_seqscan', 'on', true);
    END IF;
  END IF;
  RETURN QUERY SELECT unnest(found);
END;
$$;
--> statement-breakpoint
INSERT INTO "search_documents" ("product_id", "words")
  SELECT id, search_document_of(title, brand, hsn) FROM products WHERE listed AND family_lead;
--> statement-breakpoint
INSERT INTO "search_words" ("word")
  SELECT DISTINCT w FROM products, search_words_of(title, brand, description) AS w
  ON CONFLICT DO NOTHING;

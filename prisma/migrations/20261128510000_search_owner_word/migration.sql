-- History search reads each GIN index for the owner's word AND the searched words (decision 0365):
-- every search document carries one lexeme made of "~" and the owner's id, so one index lookup
-- yields the owner's matching rows only, and the planner has no reason to prefer a scan of the
-- owner's rows filtered by the search (what it chose without statistics, in the embedded database).
-- The "~" keeps it out of reach of a searched word: searches are prefixes of letters and digits.
-- The functions call only built-ins: an index build runs them with the catalog alone on its path.
-- fastupdate = off: a save's index entries go in at once rather than in a pending list every
-- search then scans.

CREATE FUNCTION link_owner_query(user_id TEXT)
RETURNS tsquery
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT quote_literal('~' || user_id)::tsquery
$$;

CREATE FUNCTION link_search_document(user_id TEXT, title TEXT, url TEXT, notes TEXT, categories TEXT[])
RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT array_to_tsvector(ARRAY['~' || user_id]) || to_tsvector('simple'::regconfig,
    coalesce(title, '') || ' ' ||
    regexp_replace(coalesce(url, ''), '[^[:alnum:]]+', ' ', 'g') || ' ' ||
    coalesce(notes, '') || ' ' ||
    coalesce(array_to_string(categories, ' '), ''))
$$;

DROP INDEX "Link_search_idx";
CREATE INDEX "Link_search_idx" ON "Link"
  USING GIN (link_search_document("userId", "title", "url", "notes", "categories")) WITH (fastupdate = off);

-- The generated columns are computed afresh for the existing rows when they are added back.
DROP INDEX "Article_search_idx";
ALTER TABLE "Article" DROP COLUMN "searchVector";
ALTER TABLE "Article" ADD COLUMN "searchVector" tsvector
  GENERATED ALWAYS AS (
    array_to_tsvector(ARRAY['~' || "userId"]) ||
    to_tsvector('simple'::regconfig, left(coalesce("textContent", ''), 200000))
  ) STORED;
CREATE INDEX "Article_search_idx" ON "Article" USING GIN ("searchVector") WITH (fastupdate = off);

DROP INDEX "Highlight_search_idx";
ALTER TABLE "Highlight" DROP COLUMN "searchVector";
ALTER TABLE "Highlight" ADD COLUMN "searchVector" tsvector
  GENERATED ALWAYS AS (
    array_to_tsvector(ARRAY['~' || "userId"]) ||
    to_tsvector('simple'::regconfig, "quote" || ' ' || coalesce("note", ''))
  ) STORED;
CREATE INDEX "Highlight_search_idx" ON "Highlight" USING GIN ("searchVector") WITH (fastupdate = off);

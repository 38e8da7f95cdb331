-- Each link's API answer (lib/links.ts toLinkResponse), kept as JSON text beside the row, so that a
-- history page is 200 stored strings joined rather than 200 objects built per request (bench/api:
-- the building was most of PostgreSQL's time per page). A generated column: every write of the
-- row, whatever path it takes (save, title fetch, read state, import), keeps it current.
--
-- json_build_object and to_char are only STABLE in general: their output can depend on settings
-- (TimeZone for timestamptz values, lc_time for TM patterns). Here every value is text, a text
-- array or a timestamp without time zone, and the pattern has no TM fields, so the result depends
-- on the arguments alone, which is what IMMUTABLE promises. Timestamps hold UTC, so their ISO form
-- is their text with a Z, as JavaScript's toISOString writes it.
CREATE FUNCTION link_response_json(
  id TEXT, url TEXT, title TEXT, description TEXT, "siteName" TEXT, "faviconUrl" TEXT, notes TEXT,
  category TEXT, categories TEXT[], "createdAt" TIMESTAMP(3), "readAt" TIMESTAMP(3)
)
RETURNS TEXT
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT json_build_object(
    'id', id, 'url', url, 'title', title, 'description', description, 'siteName', "siteName",
    'faviconUrl', "faviconUrl", 'notes', notes, 'category', category, 'categories', categories,
    'createdAt', to_char("createdAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'readAt', to_char("readAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text
$$;

ALTER TABLE "Link" ADD COLUMN "responseJson" TEXT NOT NULL GENERATED ALWAYS AS (
  link_response_json(id, url, title, description, "siteName", "faviconUrl", notes, category, categories, "createdAt", "readAt")
) STORED;

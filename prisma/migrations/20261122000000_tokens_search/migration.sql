-- CreateTable
CREATE TABLE "ApiToken" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "lastUsedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ApiToken_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ApiToken_tokenHash_key" ON "ApiToken"("tokenHash");

-- CreateIndex
CREATE INDEX "ApiToken_userId_createdAt_idx" ON "ApiToken"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "Link_userId_url_idx" ON "Link"("userId", "url");

-- AddForeignKey
ALTER TABLE "ApiToken" ADD CONSTRAINT "ApiToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Full-text search over a link's title, URL, notes and categories. The URL's punctuation becomes
-- spaces so each part of it (host, path words) is a word of its own. 'simple' keeps words as they
-- are (no stemming), which suits links in any language; queries use prefix matching.
CREATE FUNCTION link_search_document(title TEXT, url TEXT, notes TEXT, categories TEXT[])
RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT to_tsvector('simple'::regconfig,
    coalesce(title, '') || ' ' ||
    regexp_replace(coalesce(url, ''), '[^[:alnum:]]+', ' ', 'g') || ' ' ||
    coalesce(notes, '') || ' ' ||
    coalesce(array_to_string(categories, ' '), ''))
$$;

CREATE INDEX "Link_search_idx" ON "Link" USING GIN (link_search_document("title", "url", "notes", "categories"));

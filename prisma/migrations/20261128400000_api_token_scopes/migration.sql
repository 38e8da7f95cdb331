-- What each API token may do (decision 0360). Tokens made before scopes keep full access: the
-- column starts with every scope there is for them; a token made later without scopes can do nothing.
ALTER TABLE "ApiToken" ADD COLUMN "scopes" TEXT[] NOT NULL DEFAULT ARRAY['links:read', 'links:lookup', 'links:save', 'links:write', 'categories:read', 'categories:write']::TEXT[];
ALTER TABLE "ApiToken" ALTER COLUMN "scopes" SET DEFAULT ARRAY[]::TEXT[];

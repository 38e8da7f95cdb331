#!/usr/bin/env bash
# The inner loop: type check, lint, unit tests, and the integration tests on the embedded database,
# in this order, stopping at the first failure. No build, no browser, no PostgreSQL: `npm test`
# (scripts/test.sh) is the full gate, and runs the same checks without caches.
#
# The type check is incremental (tsconfig's .tsbuildinfo) and exact. ESLint and Prettier keep caches
# under node_modules/.cache/, keyed on each file's content: a file the last run passed and nobody
# changed is not read again. ESLint's cache is per file, and the browser/server boundary rule reads
# the files a file imports, so `--no-cache` (the gate, CI) lints everything afresh.
set -euo pipefail
cd "$(dirname "$0")/.."

cache=true
case "${1:-}" in
  "") ;;
  --no-cache) cache=false ;;
  *)
    echo "usage: scripts/test-fast.sh [--no-cache]" >&2
    exit 2
    ;;
esac

npx prisma generate >/dev/null
npx tsc --noEmit
if $cache; then
  npx eslint --max-warnings 0 --cache --cache-strategy content --cache-location node_modules/.cache/eslint/ .
  npx prettier --check --cache --cache-strategy content --cache-location node_modules/.cache/prettier/cache .
else
  npm run lint
fi
npx vitest run --project unit
env -u TEST_DATABASE_URL -u TEST_POOLER_DATABASE_URL npx vitest run --project integration

#!/usr/bin/env bash
# The whole test suite: type check, unit tests, integration tests on the embedded database (and on
# PostgreSQL too when TEST_DATABASE_URL is set, and a third time through a transaction-mode pooler
# in front of it when TEST_POOLER_DATABASE_URL is set too), then the browser tests against the
# built app.
set -euo pipefail
cd "$(dirname "$0")/.."

# Browser tests drive Debian's Chromium; Playwright never downloads a browser of its own.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
# The digest journey moves one server's clock with libfaketime (Debian's faketime package); the
# many-instances test puts the built app behind HAProxy (Debian's package).
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/faketime ] || missing+=(faketime)
[ -x /usr/sbin/haproxy ] || missing+=(haproxy)
# The PostgreSQL-only tests start PgBouncers of their own (scripts/pgbouncer.sh).
[ -x /usr/sbin/pgbouncer ] || missing+=(pgbouncer)
# Listen's journey hears Chromium speak through speech-dispatcher with the espeak-ng voices.
[ -x /usr/bin/speech-dispatcher ] || missing+=(speech-dispatcher)
[ -x /usr/lib/speech-dispatcher-modules/sd_espeak-ng ] || missing+=(speech-dispatcher-espeak-ng espeak-ng)
# The backup test dumps and restores PostgreSQL with its own client programs.
command -v pg_dump >/dev/null && command -v pg_restore >/dev/null || missing+=(postgresql-client)
# The EPUB tests check every book with epubcheck (Debian's package; its jar runs on Java).
ls /usr/share/java/epubcheck*.jar >/dev/null 2>&1 || missing+=(epubcheck)
# The private feeds are read by a real feed parser: Python's feedparser (Debian's package).
/usr/bin/python3 -c "import feedparser" >/dev/null 2>&1 || missing+=(python3-feedparser)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "Missing: ${missing[*]}. Install them first: sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi

# Each step prints its wall time, so a slow suite shows where the time goes.
step() {
  local started=$SECONDS
  "$@"
  echo "[test.sh] $((SECONDS - started)) s: $*"
}

npx prisma generate >/dev/null
step npx tsc --noEmit
step npm run lint
step npx vitest run --project unit
step env -u TEST_DATABASE_URL -u TEST_POOLER_DATABASE_URL npx vitest run --project integration
step env -u TEST_DATABASE_URL -u TEST_POOLER_DATABASE_URL npx vitest run --project security
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "Integration and security tests again on PostgreSQL"
  step env -u TEST_POOLER_DATABASE_URL npx vitest run --project integration
  step env -u TEST_POOLER_DATABASE_URL npx vitest run --project security
fi
if [ -n "${TEST_POOLER_DATABASE_URL:-}" ]; then
  : "${TEST_DATABASE_URL:?TEST_POOLER_DATABASE_URL needs TEST_DATABASE_URL, the server the pooler is in front of}"
  echo "Integration and security tests a third time, through the pooler"
  step npx vitest run --project integration
  step npx vitest run --project security
fi
step env -u TEST_POOLER_DATABASE_URL npx vitest run --project integration-pg
step npx next build
step npx vitest run --project crash
step npx vitest run --project instances
step npx playwright test

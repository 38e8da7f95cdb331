#!/usr/bin/env bash
# `next start` with the V8 setting the server is measured with (bench/api): a 32 MB young
# generation (Node's default is 16 MB) roughly halves the time spent collecting the short-lived
# objects every request leaves behind. SERVER_NODE_ARGS adds more (a profiler, say).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck disable=SC2086 # SERVER_NODE_ARGS is a list of flags
exec node --max-semi-space-size=32 ${SERVER_NODE_ARGS:-} node_modules/next/dist/bin/next start "$@"

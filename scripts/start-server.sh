#!/usr/bin/env bash
# `next start` with the server's heap sized from the memory the process has (decision 0352:
# scripts/server-heap.mjs, the same rule the app budgets the rest by). Where there is room, a 32 MB
# young generation (Node's default is 16 MB) roughly halves the time spent collecting the
# short-lived objects every request leaves behind (bench/api). SERVER_NODE_ARGS adds more (a
# profiler, say); a heap set there or in NODE_OPTIONS is kept as it is.
set -euo pipefail
cd "$(dirname "$0")/.."
heap_flags=""
case " ${SERVER_NODE_ARGS:-} ${NODE_OPTIONS:-} " in
  *--max-old-space-size* | *--max_old_space_size*) ;;
  *) heap_flags="$(node scripts/server-heap.mjs)" ;;
esac
# shellcheck disable=SC2086 # heap_flags and SERVER_NODE_ARGS are lists of flags
exec node $heap_flags ${SERVER_NODE_ARGS:-} node_modules/next/dist/bin/next start "$@"

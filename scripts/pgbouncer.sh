#!/usr/bin/env bash
# A PgBouncer in transaction mode in front of the local PostgreSQL, as managed PostgreSQL for
# serverless apps hands it out (decision 0180). Its ini, user list, log and pid file live in DIR.
#
#   scripts/pgbouncer.sh start DIR [PORT]   listen on 127.0.0.1:PORT (6432), return once it answers
#   scripts/pgbouncer.sh stop DIR           stop the PgBouncer started with DIR
#
# Every database name is passed through to the server (the `*` entry), so tests' per-file
# databases work. server_round_robin hands consecutive transactions different server connections,
# so anything that leans on session state fails here at once rather than now and then.
# Environment: PGBOUNCER_TARGET (127.0.0.1:5432), PGBOUNCER_POOL_SIZE (10, server connections per
# database and user).
set -euo pipefail

command=${1:-}
dir=${2:-}
if [ -z "$command" ] || [ -z "$dir" ]; then
  echo "usage: $0 start DIR [PORT] | stop DIR" >&2
  exit 2
fi
pidfile="$dir/pgbouncer.pid"

case "$command" in
  start)
    port=${3:-6432}
    target=${PGBOUNCER_TARGET:-127.0.0.1:5432}
    if ! command -v pgbouncer >/dev/null && [ ! -x /usr/sbin/pgbouncer ]; then
      echo "pgbouncer is not installed: apt-get install -y pgbouncer" >&2
      exit 1
    fi
    mkdir -p "$dir"
    # Trust, as the local PostgreSQL does; PgBouncer still wants each user listed.
    printf '"postgres" ""\n"root" ""\n' >"$dir/userlist.txt"
    cat >"$dir/pgbouncer.ini" <<EOF
[databases]
* = host=${target%:*} port=${target##*:}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $port
unix_socket_dir =
auth_type = trust
auth_file = $dir/userlist.txt
pool_mode = transaction
server_round_robin = 1
default_pool_size = ${PGBOUNCER_POOL_SIZE:-10}
max_client_conn = 1000
ignore_startup_parameters = extra_float_digits
logfile = $dir/pgbouncer.log
pidfile = $pidfile
EOF
    # PgBouncer refuses to run as root.
    user_args=()
    if [ "$(id -u)" = 0 ]; then
      chown -R postgres "$dir"
      user_args=(-u postgres)
    fi
    bin=$(command -v pgbouncer || echo /usr/sbin/pgbouncer)
    "$bin" -d "${user_args[@]}" "$dir/pgbouncer.ini"
    for _ in $(seq 1 100); do
      if pg_isready -q -h 127.0.0.1 -p "$port" -d postgres; then exit 0; fi
      sleep 0.1
    done
    echo "PgBouncer did not start on port $port; its log:" >&2
    cat "$dir/pgbouncer.log" >&2 || true
    exit 1
    ;;
  stop)
    if [ -f "$pidfile" ]; then
      pid=$(cat "$pidfile")
      kill "$pid" 2>/dev/null || true
      for _ in $(seq 1 50); do
        kill -0 "$pid" 2>/dev/null || exit 0
        sleep 0.1
      done
      echo "PgBouncer (pid $pid) did not stop" >&2
      exit 1
    fi
    ;;
  *)
    echo "usage: $0 start DIR [PORT] | stop DIR" >&2
    exit 2
    ;;
esac

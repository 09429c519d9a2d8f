#!/usr/bin/env bash
# Starts a streaming replica of the local PostgreSQL server (127.0.0.1:5432) on another port, for the
# report suite's replica run: `scripts/pg-replica.sh start [port]` prints nothing but errors and leaves the
# replica running; `scripts/pg-replica.sh stop` stops it and removes its data. Needs root on a machine
# whose PostgreSQL trusts local connections (CI's): it allows replication connections from 127.0.0.1 in
# that server's pg_hba.conf when they are not allowed yet.
set -euo pipefail
port="${2:-5433}"
dir="/tmp/headoffice-replica-$port"
bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
as_postgres() { runuser -u postgres -- "$@"; }

case "${1:-}" in
  start)
    hba="$(psql -h 127.0.0.1 -U postgres -Atc 'show hba_file')"
    if ! grep -Eq '^host\s+replication\s+all\s+127\.0\.0\.1/32\s+trust' "$hba"; then
      echo 'host replication all 127.0.0.1/32 trust' >>"$hba"
      psql -h 127.0.0.1 -U postgres -Atc 'select pg_reload_conf()' >/dev/null
    fi
    if [ -f "$dir/postmaster.pid" ]; then as_postgres "$bin/pg_ctl" -D "$dir" stop -m fast >/dev/null || true; fi
    rm -rf "$dir"
    as_postgres "$bin/pg_basebackup" -h 127.0.0.1 -p 5432 -U postgres -D "$dir" -R -X stream -c fast
    # Debian keeps a cluster's configuration outside its data: the replica gets its own, trusting as the primary does
    as_postgres touch "$dir/postgresql.conf"
    as_postgres cp "$hba" "$dir/pg_hba.conf"
    as_postgres "$bin/pg_ctl" -D "$dir" -l "$dir/replica.log" -w \
      -o "-p $port -c listen_addresses=127.0.0.1 -c unix_socket_directories=$dir -c hot_standby=on -c max_standby_streaming_delay=-1" start >/dev/null
    ;;
  stop)
    if [ -f "$dir/postmaster.pid" ]; then as_postgres "$bin/pg_ctl" -D "$dir" stop -m fast >/dev/null; fi
    rm -rf "$dir"
    ;;
  *)
    echo "usage: $0 start|stop [port]" >&2
    exit 2
    ;;
esac

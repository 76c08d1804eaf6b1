# Sourced by .ci/run: starts a throwaway PostgreSQL (the machine's 15) in a temporary folder for
# the server's tests, exports KRAAL_TEST_POSTGRES, and stops it on exit. PostgreSQL refuses to
# run as root, so as root it runs as the postgres user in a folder that user owns.
PG_BIN="$(dirname "$(readlink -f "$(command -v initdb 2>/dev/null || echo /usr/lib/postgresql/15/bin/initdb)")")"
PG_DIR="$(mktemp -d /tmp/kraal-pg.XXXXXX)"
PG_PORT="${KRAAL_PG_PORT:-55432}"
as_pg() {
    if [ "$(id -u)" = 0 ]; then
        su postgres -s /bin/bash -c "$1"
    else
        bash -c "$1"
    fi
}
stop_pg() {
    as_pg "'$PG_BIN/pg_ctl' -D '$PG_DIR/data' -m fast -w stop" >/dev/null 2>&1 || true
    rm -rf "$PG_DIR"
}
if [ "$(id -u)" = 0 ]; then chown postgres "$PG_DIR"; fi
as_pg "'$PG_BIN/initdb' -D '$PG_DIR/data' -A trust -U kraal" >/dev/null
as_pg "'$PG_BIN/pg_ctl' -D '$PG_DIR/data' -l '$PG_DIR/log' -w -o \"-p $PG_PORT -k $PG_DIR -c listen_addresses=127.0.0.1\" start" >/dev/null
trap stop_pg EXIT
as_pg "'$PG_BIN/createdb' -h 127.0.0.1 -p $PG_PORT -U kraal kraal_test"
export KRAAL_TEST_POSTGRES="postgres://kraal@127.0.0.1:$PG_PORT/kraal_test"

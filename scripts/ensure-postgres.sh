#!/usr/bin/env bash
# Make sure PostgreSQL's server programs (initdb, pg_ctl, postgres) are installed, for the tests of
# the PostgreSQL report store. The tests start their own throwaway cluster (test/helpers/postgres.ts)
# on a free loopback port, so nothing here starts or configures a server.
# Debian puts the programs in /usr/lib/postgresql/<major>/bin, which is not on PATH.
set -euo pipefail

find_bin() {
  if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
    dirname "$(command -v initdb)"
    return 0
  fi
  local dir
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -t/ -k4 -n -r); do
    if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then
      echo "$dir"
      return 0
    fi
  done
  return 1
}

if BIN=$(find_bin); then
  echo "ensure-postgres: found $("$BIN/postgres" --version 2>/dev/null || echo PostgreSQL) in $BIN"
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "ensure-postgres: PostgreSQL (initdb, pg_ctl) is missing and this is not root, so it cannot be installed here." >&2
  echo "ensure-postgres: install it with: sudo apt-get update && sudo apt-get install -y postgresql" >&2
  echo "ensure-postgres: or point the tests at a server with WAITSCOPE_TEST_DATABASE_URL=postgres://..." >&2
  exit 1
fi

# Test files that need PostgreSQL may call this at the same time: one installs, the others wait.
exec 9>/tmp/waitscope-ensure-postgres.lock
flock 9
if BIN=$(find_bin); then
  echo "ensure-postgres: installed meanwhile by another run, in $BIN"
  exit 0
fi

echo "ensure-postgres: PostgreSQL is missing; installing Debian package 'postgresql' with apt-get (a minute or so)"
apt-get update
# The package's own cluster is not used by the tests; --no-install-recommends keeps the install small.
DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql

if ! BIN=$(find_bin); then
  echo "ensure-postgres: apt-get finished but initdb/pg_ctl are still missing" >&2
  exit 1
fi
echo "ensure-postgres: installed $("$BIN/postgres" --version 2>/dev/null || echo PostgreSQL) in $BIN"

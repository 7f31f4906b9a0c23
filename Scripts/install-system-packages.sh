#!/usr/bin/env bash
# Installs the C libraries Geode links against, when any is missing:
# LMDB, GEOS, jansson and xxHash (entry checksums) with their headers, pkg-config, Intel's decimal
# floating-point library (Decimal128 arithmetic; no pkg-config file, so its
# header is looked for), S2 Geometry (geodesic polygons; no pkg-config file
# either), SQLite (the benchmarks' peer), libpq (replication into PostgreSQL) and, for the
# replication tests, a PostgreSQL 15 server with PostGIS 3.
# Debian/Ubuntu: apt-get (through sudo when not root). macOS: Homebrew.
set -euo pipefail

missing=()
for module in lmdb geos jansson libxxhash sqlite3 libpq; do
  pkg-config --exists "$module" 2>/dev/null || missing+=("$module")
done
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
[ -f /usr/include/bid_functions.h ] || [ "$(uname)" = Darwin ] || missing+=(intelrdfpmath)
[ -f /usr/include/s2/s2polygon.h ] || [ -f /opt/homebrew/include/s2/s2polygon.h ] || [ -f /usr/local/include/s2/s2polygon.h ] || missing+=(s2)
if [ "$(uname)" != Darwin ]; then
  [ -x /usr/lib/postgresql/15/bin/initdb ] || missing+=(postgresql-15)
  [ -f /usr/share/postgresql/15/extension/postgis.control ] || missing+=(postgis)
fi
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing system libraries for: ${missing[*]}" >&2
if command -v apt-get >/dev/null 2>&1; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends libgeos-dev libjansson-dev liblmdb-dev libxxhash-dev libsqlite3-dev libintelrdfpmath-dev libs2-dev libpq-dev postgresql-15 postgresql-15-postgis-3 pkg-config >/dev/null
elif command -v brew >/dev/null 2>&1; then
  brew install geos jansson lmdb xxhash sqlite s2geometry libpq postgresql@15 postgis pkg-config
else
  echo "Install LMDB, GEOS, jansson, xxHash, S2 Geometry (development files) and pkg-config with your package manager." >&2
  exit 1
fi

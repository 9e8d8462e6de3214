#!/usr/bin/env bash
# Restore a backup made by backup.sh into an EMPTY database, then point the API at it.
#   DATABASE_URL=postgres://…/koma_restored infra/deploy/backup/restore.sh /var/backups/koma/koma-….dump
# Stop the API processes first (or restore into a new database and switch DATABASE_URL): the
# edges keep serving published versions meanwhile, and readers' calls get SPEC §8's message.
set -euo pipefail
: "${DATABASE_URL:?set DATABASE_URL to the empty database to restore into}"
dump="${1:?usage: restore.sh <file.dump>}"
if [ "$(psql "$DATABASE_URL" -Atc "select count(*) from information_schema.tables where table_schema = 'public'")" != "0" ]; then
  echo "restore: $DATABASE_URL is not empty; restore into a new database (createdb) so nothing is mixed" >&2
  exit 1
fi
pg_restore --no-owner --no-privileges --exit-on-error --jobs=4 --dbname="$DATABASE_URL" "$dump"
# The API migrates on start: a backup of an older schema is brought up to date then.
echo "restore: done. Start the API with DATABASE_URL=$DATABASE_URL"

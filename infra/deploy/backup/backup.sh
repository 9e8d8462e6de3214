#!/usr/bin/env bash
# Nightly backup of Koma on PostgreSQL (docs/production.md, "Backups"). Everything a reader owns
# is in the database: accounts, wallets and the coin ledger, orders, images and EPUB files. Redis
# holds only short-lived counters and the edge registry (rebuilt by `npm run deploy`), so it is
# not backed up. Run on a machine that reaches the replica (a dump there does not load the primary).
#   BACKUP_DIR=/var/backups/koma DATABASE_URL=postgres://…replica…/koma infra/deploy/backup/backup.sh
set -euo pipefail
: "${DATABASE_URL:?set DATABASE_URL (the replica is best)}"
BACKUP_DIR="${BACKUP_DIR:-/var/backups/koma}"
KEEP_DAYS="${KEEP_DAYS:-14}"
mkdir -p "$BACKUP_DIR"
file="$BACKUP_DIR/koma-$(date -u +%Y%m%dT%H%M%SZ).dump"
# Custom format: compressed, restorable table by table, in parallel.
pg_dump --format=custom --no-owner --no-privileges --file="$file.partial" "$DATABASE_URL"
mv "$file.partial" "$file"
# A backup that cannot be listed is not a backup.
pg_restore --list "$file" >/dev/null
find "$BACKUP_DIR" -name 'koma-*.dump' -mtime +"$KEEP_DAYS" -delete
echo "backup: $file ($(du -h "$file" | cut -f1))"

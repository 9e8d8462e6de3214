import type { Kysely } from 'kysely'
import { runStatements } from '../statements'

/**
 * A guest is bound to a secret only its browser holds (issue 33), no longer to the SPEC §7 device
 * id, which every call sends in the clear: anyone who learnt a guest's device id could resume it.
 * `guest_token_hash` is the SHA-256 of the random token in the guest's httpOnly cookie. Existing
 * guests keep their sessions and get a secret from them on their next guest call
 * (member/guest.ts); the device id column goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    alter table members add column guest_token_hash text;
    create unique index members_guest_token on members (guest_token_hash) where guest_token_hash is not null;
    drop index members_guest_device;
    alter table members drop column guest_device_id;
    `,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    alter table members add column guest_device_id text;
    create unique index members_guest_device on members (guest_device_id) where guest_device_id is not null;
    drop index members_guest_token;
    alter table members drop column guest_token_hash;
    `,
  )
}

import type { Kysely } from 'kysely'
import { runStatements } from '../statements'

/**
 * Accounts made safe to open (issue 11): an OAuth state remembers the hash of the browser cookie
 * it was handed to (states in flight are dropped: they had no binding), and an inquiry upload
 * remembers the member who sent it, besides the device.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    delete from oauth_states;
    alter table oauth_states add column browser_hash text not null;
    alter table inquiry_uploads add column member_id bigint references members (id) on delete set null;
    `,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    alter table inquiry_uploads drop column member_id;
    alter table oauth_states drop column browser_hash;
    `,
  )
}

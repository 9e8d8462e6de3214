import type { Kysely } from 'kysely'
import { runStatements } from '../statements'

/**
 * The account's time zone (issue 33). `members.time_zone` (0800) stops following each request's
 * header: it is stored once, when the account or guest is made (or on first use for older
 * accounts), and changed by the member's setting at most once in 30 days, recorded here. Each
 * daily bonus claim records the zone its day was counted in, so a later zone cannot open a second
 * claim inside a day window already claimed; older claims take their member's remembered zone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    alter table members add column time_zone_changed_at timestamptz;
    alter table daily_bonus_claims add column time_zone text;
    update daily_bonus_claims set time_zone = coalesce((select members.time_zone from members where members.id = daily_bonus_claims.member_id), 'Asia/Seoul');
    alter table daily_bonus_claims alter column time_zone set not null;
    `,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    alter table daily_bonus_claims drop column time_zone;
    alter table members drop column time_zone_changed_at;
    `,
  )
}

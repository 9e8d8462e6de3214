import type { Kysely } from 'kysely'
import { runStatements } from '../statements'

/**
 * Each analytics event carries the id its page gave it (issue 35): the last batch of a page goes
 * as the reader leaves (fetch keepalive), and a batch a browser sends twice is kept once per
 * visitor. Older events have none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    alter table analytics_events add column event_id text;
    create unique index analytics_events_once on analytics_events (visitor_id, event_id);
    `,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    drop index analytics_events_once;
    alter table analytics_events drop column event_id;
    `,
  )
}

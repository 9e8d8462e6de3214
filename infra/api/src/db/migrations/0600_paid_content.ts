import type { Kysely } from 'kysely'
import { runStatements } from '../statements'

/**
 * Paid content stays paid (issue 11). Every stored image says who may fetch it by its bare id:
 * 'public' (covers, thumbnails, banners, popups, avatars), 'page' (a chapter's pages: served only
 * through short-lived signed URLs handed to readers who may read the chapter) or 'private'
 * (inquiry attachments: their author only). The column has no default, so every new insert
 * must say which. `app_secrets` keeps generated keys (the URL-signing key) shared by every API
 * process on one database.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table app_secrets (
      name text primary key,
      value text not null,
      created_at timestamptz not null default now()
    );
    alter table images add column access text not null default 'public';
    update images set access = 'page'
      where id in (select image_id from chapter_pages)
        and id not in (select thumbnail_image_id from chapters where thumbnail_image_id is not null)
        and id not in (select image_id from content_images)
        and id not in (select image_id from home_elements)
        and id not in (select large_image_id from home_elements where large_image_id is not null)
        and id not in (select image_id from home_popups where image_id is not null)
        and id not in (select image_id from collections where image_id is not null)
        and id not in (select large_image_id from collections where large_image_id is not null)
        and id not in (select avatar_image_id from members where avatar_image_id is not null);
    update images set access = 'private' where id in (select image_id from inquiry_uploads);
    alter table images alter column access drop default;
    alter table images add constraint images_access_check check (access in ('public', 'page', 'private'));
    `,
  )
}

import type { SitemapTitle } from '@koma/contracts/server'
import type { AppDeps } from '../../deps'
import { readerTitles } from '../titles/queries'
import { memo } from './memo'

const iso = (value: Date | string): string => new Date(value).toISOString()

/**
 * Every title a crawler may list: not hidden, not mature (those need the reader's consent), coming-soon ones
 * on their coming-soon page. Its time is its newest episode's, else its publication.
 */
export function sitemapTitles(deps: AppDeps): Promise<{ titles: SitemapTitle[] }> {
  return memo(deps, 'sitemap:titles', async () => {
    const rows = await readerTitles(deps.db)
      .select(['id', 'type', 'status', 'published_at', 'last_chapter_published_at'])
      .where('mature', '=', false)
      .orderBy('id', 'asc')
      .execute()
    return {
      titles: rows.map((row) => ({
        type: row.type,
        id: row.id,
        page: row.status === 'coming_soon' ? ('comingSoon' as const) : ('episodes' as const),
        updatedAt: iso(row.last_chapter_published_at ?? row.published_at),
      })),
    }
  })
}

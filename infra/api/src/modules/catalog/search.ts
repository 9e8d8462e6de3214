import { cutSearchKeyword, searchScore, searchTerms, type Locale, type SearchResult } from '@koma/contracts/server'
import type { FastifyRequest } from 'fastify'
import { readMayBeStale } from '../../db/replica'
import type { AppDeps } from '../../deps'
import { apiError } from '../../http/errorCatalogue'
import { matureListed } from '../session/maturity'
import { readerTitles } from '../titles/queries'
import { pageOfAll, parsePaging } from './paging'
import { listContents } from './summaries'

interface Entry {
  id: number
  mature: boolean
  views: number
  names: string[]
  authors: string[]
  keywords: string[]
}

/**
 * The searchable texts of every title in every language, kept in memory for a minute: matching
 * runs on the same normalisation the browser uses (NFKC, case, kana), which SQL collations on
 * PGlite and PostgreSQL do not agree on. A catalogue of tens of thousands of titles still fits.
 */
const INDEX_TTL_MS = 60_000
const indexes = new WeakMap<AppDeps, { loadedAt: number; entries: Promise<Entry[]> }>()

async function loadIndex(deps: AppDeps): Promise<Entry[]> {
  const [contents, texts, authors] = await Promise.all([
    readerTitles(deps.db).select(['id', 'mature', 'total_views']).execute(),
    deps.db.selectFrom('content_texts').select(['content_id', 'name', 'search_keyword']).execute(),
    deps.db.selectFrom('content_authors as ca').innerJoin('author_texts as a', 'a.author_id', 'ca.author_id').select(['ca.content_id', 'a.name']).execute(),
  ])
  const byId = new Map<number, Entry>()
  for (const row of contents)
    byId.set(Number(row.id), { id: Number(row.id), mature: row.mature, views: Number(row.total_views), names: [], authors: [], keywords: [] })
  for (const row of texts) {
    const entry = byId.get(Number(row.content_id))
    if (!entry) continue
    entry.names.push(row.name)
    if (row.search_keyword) entry.keywords.push(row.search_keyword)
  }
  for (const row of authors) byId.get(Number(row.content_id))?.authors.push(row.name)
  return [...byId.values()]
}

function searchIndex(deps: AppDeps): Promise<Entry[]> {
  const now = Date.now()
  const cached = indexes.get(deps)
  if (cached && now - cached.loadedAt < INDEX_TTL_MS) return cached.entries
  // The index may be read from a replica (db/replica.ts): a minute stale at most anyway.
  const entries = readMayBeStale(() => loadIndex(deps))
  indexes.set(deps, { loadedAt: now, entries })
  entries.catch(() => indexes.delete(deps))
  return entries
}

/** Rebuild the index on the next search (a title changed: cluster/invalidation.ts). */
export function forgetSearchIndex(deps: AppDeps): void {
  indexes.delete(deps)
}

/** POST /search: titles whose name, authors or keywords (any language) hold every term, best first. */
export async function search(
  deps: AppDeps,
  req: FastifyRequest,
  body: { query?: string; pageNo?: string; pageSize?: string },
  locale: Locale,
): Promise<SearchResult> {
  const query = cutSearchKeyword(typeof body.query === 'string' ? body.query : '').trim()
  const terms = searchTerms(query)
  if (terms.length === 0) throw apiError('searchQueryRequired')
  const request = parsePaging({ pageNo: body.pageNo, pageSize: body.pageSize })
  const mature = await matureListed(deps, req)
  const scored = (await searchIndex(deps))
    .filter((entry) => mature || !entry.mature)
    .map((entry) => ({ entry, score: searchScore(terms, entry) }))
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score || b.entry.views - a.entry.views || a.entry.id - b.entry.id)
  const { rows, page } = pageOfAll(request, scored)
  return {
    query,
    contents: await listContents(
      deps,
      rows.map(({ entry }) => entry.id),
      locale,
    ),
    total: scored.length,
    page,
  }
}

import type { CatalogEvent, Collection, CollectionPage, EventList, Locale, PagingQuery } from '@koma/contracts/server'
import type { FastifyRequest } from 'fastify'
import type { Selectable } from 'kysely'
import type { AppDeps } from '../../deps'
import type { CollectionsTable } from '../../db/schema'
import { apiError } from '../../http/errorCatalogue'
import { FALLBACK_LANGS, pickLocalized } from '../titles/texts'
import { imageUrl } from '../image/urls'
import { matureListed } from '../session/maturity'
import { pageOf, parsePaging } from './paging'
import { listContents } from './summaries'

type Row = Selectable<CollectionsTable>

/** Within its period (either end open when unset; the end itself is outside). */
const campaignRunning = (row: Pick<Row, 'start_at' | 'end_at'>, now: Date): boolean =>
  (row.start_at === null || new Date(row.start_at).getTime() <= now.getTime()) && (row.end_at === null || now.getTime() < new Date(row.end_at).getTime())

async function describe(deps: AppDeps, rows: Row[], locale: Locale): Promise<Collection[]> {
  if (rows.length === 0) return []
  const ids = rows.map((row) => Number(row.id))
  const imageIds = rows
    .flatMap((row) => [row.image_id, row.large_image_id])
    .filter((id): id is number => id !== null)
    .map(Number)
  const [texts, images] = await Promise.all([
    deps.db.selectFrom('collection_texts').selectAll().where('collection_id', 'in', ids).where('lang', 'in', FALLBACK_LANGS(locale)).execute(),
    imageIds.length ? deps.db.selectFrom('images').select(['id', 'width', 'height']).where('id', 'in', imageIds).execute() : [],
  ])
  const text = pickLocalized(texts, (row) => Number(row.collection_id), locale)
  const image = (id: number | null) => {
    const found = id === null ? undefined : images.find((row) => Number(row.id) === Number(id))
    return found ? { url: imageUrl(Number(found.id)), width: found.width, height: found.height } : null
  }
  return rows.map((row) => ({
    id: Number(row.id),
    kind: row.kind,
    title: text.get(Number(row.id))?.title ?? '',
    description: text.get(Number(row.id))?.description ?? '',
    themeColor: row.theme_color,
    mature: row.mature,
    image: image(row.image_id),
    largeImage: image(row.large_image_id),
    startAt: row.start_at ? new Date(row.start_at).toISOString() : null,
    endAt: row.end_at ? new Date(row.end_at).toISOString() : null,
  }))
}

/** GET /menu/promotion/{id} and /content_catalog/{id}: a curated list, paged. */
export async function collectionPage(
  deps: AppDeps,
  req: FastifyRequest,
  input: { kind: 'promotion' | 'catalog'; id: number; query: PagingQuery; locale: Locale },
): Promise<CollectionPage> {
  const row = await deps.db.selectFrom('collections').selectAll().where('id', '=', input.id).where('kind', '=', input.kind).executeTakeFirst()
  if (!row) throw apiError('notFound')
  // A promotion is a campaign (SPEC §8): before its start or after its end it answers 400, which
  // the page turns into the campaign error screen. A content catalog has no period.
  if (input.kind === 'promotion' && !campaignRunning(row, deps.clock.now())) throw apiError('campaignUnavailable')
  const mature = await matureListed(deps, req)
  if (row.mature && !mature) throw apiError('matureNotAccepted')
  const request = parsePaging(input.query)
  let items = deps.db
    .selectFrom('collection_items as ci')
    .innerJoin('contents as c', 'c.id', 'ci.content_id')
    .select('c.id')
    .where('ci.collection_id', '=', input.id)
    .where('c.hidden_at', 'is', null)
  if (!mature) items = items.where('c.mature', '=', false)
  const rows = await items
    .orderBy('ci.sort')
    .orderBy('c.id')
    .offset(request.offset)
    .limit(request.limit + 1)
    .execute()
  const { rows: pageRows, page } = pageOf(request, rows)
  const [[collection], contents] = await Promise.all([
    describe(deps, [row], input.locale),
    listContents(
      deps,
      pageRows.map((r) => Number(r.id)),
      input.locale,
    ),
  ])
  if (!collection) throw new Error(`collection ${row.id}: describe gave no collection for its row`)
  return { ...collection, contents, page }
}

/** GET /{prefix}/event: running events, mature ones only for readers who accepted mature content. */
export async function eventList(deps: AppDeps, req: FastifyRequest, prefix: string, locale: Locale): Promise<EventList> {
  if (prefix !== 'all_comic') throw apiError('notFound')
  const mature = await matureListed(deps, req)
  const now = deps.clock.now()
  let query = deps.db
    .selectFrom('collections')
    .selectAll()
    .where('kind', '=', 'event')
    .where((eb) => eb.or([eb('start_at', 'is', null), eb('start_at', '<=', now)]))
    .where((eb) => eb.or([eb('end_at', 'is', null), eb('end_at', '>', now)]))
    .orderBy('sort')
  if (!mature) query = query.where('mature', '=', false)
  const rows = await query.execute()
  const described = await describe(deps, rows, locale)
  const items = rows.length
    ? await deps.db
        .selectFrom('collection_items')
        .select(['collection_id', 'content_id'])
        .where(
          'collection_id',
          'in',
          rows.map((row) => Number(row.id)),
        )
        .orderBy('sort')
        .execute()
    : []
  const events: CatalogEvent[] = await Promise.all(
    described.map(async (event) => ({
      ...event,
      contents: await listContents(
        deps,
        items.filter((item) => Number(item.collection_id) === event.id).map((item) => Number(item.content_id)),
        locale,
      ),
    })),
  )
  // A mature title never shows in an ordinary event.
  return { mature, events: events.map((event) => ({ ...event, contents: mature ? event.contents : event.contents.filter((content) => !content.mature) })) }
}

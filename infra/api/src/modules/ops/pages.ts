import {
  LOCALES,
  checkPageDescriptionForm,
  type FieldError,
  type Locale,
  type OpsChapterPages,
  type OpsPage,
  type PageDescriptionBody,
} from '@koma/contracts/server'
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../../db/schema'
import type { AppDeps } from '../../deps'
import { apiError } from '../../http/errorCatalogue'
import { parseId } from '../../http/ids'
import { pageImage } from '../viewer/chapter'
import { writeAudit, type Actor } from './audit'

/**
 * Described comic pages for operators (issue 37): a chapter's pages with their descriptions in ja,
 * en and fr, and one page's descriptions written (audited as `page.description`). A description
 * belongs to the page's image, so the trial edition's copy of a page reads the same.
 */

type Db = Kysely<Database> | Transaction<Database>

const emptyTexts = (): Record<Locale, string> => ({ ja: '', en: '', fr: '' })

async function pageRows(db: Db, chapterId: number, sort?: number) {
  let q = db
    .selectFrom('chapter_pages as p')
    .innerJoin('images as i', 'i.id', 'p.image_id')
    .select(['p.sort', 'i.id', 'i.width', 'i.height'])
    .where('p.chapter_id', '=', chapterId)
    .where('p.sales_type', '=', 'product')
    .orderBy('p.sort')
  if (sort !== undefined) q = q.where('p.sort', '=', sort)
  return q.execute()
}

async function descriptionsOf(db: Db, imageIds: number[]): Promise<Map<number, Record<Locale, string>>> {
  const out = new Map<number, Record<Locale, string>>()
  if (!imageIds.length) return out
  const rows = await db.selectFrom('page_descriptions').select(['image_id', 'lang', 'description']).where('image_id', 'in', imageIds).execute()
  for (const row of rows) {
    const texts = out.get(Number(row.image_id)) ?? emptyTexts()
    if ((LOCALES as readonly string[]).includes(row.lang)) texts[row.lang as Locale] = row.description
    out.set(Number(row.image_id), texts)
  }
  return out
}

export async function opsChapterPages(deps: AppDeps, idParam: string | undefined): Promise<OpsChapterPages> {
  const chapterId = parseId(idParam)
  const chapter = await deps.db.selectFrom('chapters').select(['id', 'content_id']).where('id', '=', chapterId).executeTakeFirst()
  if (!chapter) throw apiError('chapterNotFound')
  const rows = await pageRows(deps.db, chapterId)
  const texts = await descriptionsOf(
    deps.db,
    rows.map((row) => Number(row.id)),
  )
  return {
    chapterId,
    contentId: Number(chapter.content_id),
    pages: rows.map((row) => toOpsPage(deps, row, texts.get(Number(row.id)) ?? emptyTexts())),
  }
}

function toOpsPage(deps: AppDeps, row: { sort: number; id: number; width: number; height: number }, descriptions: Record<Locale, string>): OpsPage {
  const image = pageImage(deps, Number(row.id), row.width, row.height)
  return { sort: row.sort, imageId: Number(row.id), image, descriptions }
}

export async function editPageDescription(
  deps: AppDeps,
  actor: Actor,
  params: { id?: string; sort?: string },
  body: PageDescriptionBody,
  refuse: (errors: FieldError[]) => Error,
): Promise<OpsPage> {
  const chapterId = parseId(params.id)
  const sort = parseId(params.sort)
  const { descriptions, errors } = checkPageDescriptionForm(body)
  return deps.db.transaction().execute(async (trx) => {
    const row = (await pageRows(trx, chapterId, sort))[0]
    if (!row) throw apiError('notFound')
    if (errors.length) throw refuse(errors)
    const imageId = Number(row.id)
    const before = (await descriptionsOf(trx, [imageId])).get(imageId) ?? emptyTexts()
    await trx.deleteFrom('page_descriptions').where('image_id', '=', imageId).execute()
    const values = LOCALES.filter((lang) => descriptions[lang]).map((lang) => ({ image_id: imageId, lang, description: descriptions[lang] }))
    if (values.length) await trx.insertInto('page_descriptions').values(values).execute()
    await writeAudit(trx, actor, { action: 'page.description', target: `chapter:${chapterId}:page:${sort}`, before, after: descriptions })
    return toOpsPage(deps, row, descriptions)
  })
}

import { endpoints } from '@koma/contracts/server'
import type { FastifyInstance } from 'fastify'
import type { AppDeps } from '../../deps'
import { apiError } from '../../http/errorCatalogue'
import { parseContentType, parseId, parseSalesType } from '../../http/ids'
import { rawRoute, route } from '../../http/route'
import { readableChapter } from './access'
import { chapterView } from './chapter'
import { chapterEpubRow, epubResource, publicationOf } from './epub/publication'
import { byteRange } from './epub/range'
import { saveFinished, saveProgress } from './progress'

/** Reading: chapters, EPUB publications and their files, read progress (page images: modules/image). */
export function registerViewerRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, endpoints.chapter, async ({ params, req, locale }) =>
    chapterView(deps, req, {
      type: parseContentType(params.type),
      contentId: parseId(params.id),
      chapterId: parseId(params.chapterId),
      salesType: parseSalesType(params.salesType),
      locale,
    }),
  )

  route(app, deps, endpoints.chapterEpub, async ({ params, query, req }) => {
    const where = {
      type: parseContentType(params.type),
      contentId: parseId(params.id),
      chapterId: parseId(query.chapterId),
      salesType: parseSalesType(query.chapterFileSalesType),
    }
    await readableChapter(deps, req, where)
    const epub = await chapterEpubRow(deps, where.chapterId, where.salesType)
    if (!epub) throw apiError('chapterNotFound')
    return publicationOf(deps, epub, where)
  })

  rawRoute(app, deps, endpoints.epubResource, async ({ params, req, reply }) => {
    const where = {
      type: parseContentType(params.type),
      contentId: parseId(params.id),
      chapterId: parseId(params.chapterId),
      salesType: parseSalesType(params.salesType),
    }
    await readableChapter(deps, req, where)
    const epub = await chapterEpubRow(deps, where.chapterId, where.salesType)
    if (!epub) throw apiError('chapterNotFound')
    if (params['*'] === 'manifest.json') {
      return reply
        .header('cache-control', 'private, no-cache')
        .type('application/webpub+json')
        .send(JSON.stringify((await publicationOf(deps, epub, where)).manifest))
    }
    const file = await epubResource(deps, epub, params['*'])
    let body = Buffer.from(file.body)
    if (/^(audio|video)\//i.test(file.type)) {
      // A media overlay's narration is seeked clip by clip: its audio answers byte ranges.
      reply.header('accept-ranges', 'bytes')
      const range = byteRange(req.headers.range, body.length)
      if (range === 'unsatisfiable')
        return reply.code(416).header('content-range', `bytes */${body.length}`).header('cache-control', 'private, max-age=3600').send()
      if (range) {
        reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${body.length}`)
        body = body.subarray(range.start, range.end + 1)
      }
    }
    return (
      reply
        .header('content-type', file.type)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        // The reader loads documents into its own frames; opened directly, a book's markup runs nothing.
        .header('content-security-policy', "sandbox; script-src 'none'; object-src 'none'")
        .send(body)
    )
  })

  const progressInput = (params: { type: string; id: string; chapterId: string }, body: unknown) => ({
    type: parseContentType(params.type),
    contentId: parseId(params.id),
    chapterId: parseId(params.chapterId),
    body: (body && typeof body === 'object' ? body : {}) as Record<string, unknown>,
  })
  route(app, deps, endpoints.readProgress, async ({ params, body, req }) => saveProgress(deps, req, progressInput(params, body)))
  route(app, deps, endpoints.readFinished, async ({ params, body, req }) => saveFinished(deps, req, progressInput(params, body)))
}

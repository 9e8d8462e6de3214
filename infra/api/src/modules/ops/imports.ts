import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import multipart from '@fastify/multipart'
import { checkImportForm, endpoints, IMPORT_LIMITS, importTooLarge, text, type FieldError, type Locale, type OpsImported } from '@koma/contracts/server'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { AppDeps } from '../../deps'
import { invalidate } from '../../cluster/invalidation'
import { apiError, invalidInput } from '../../http/errorCatalogue'
import { HttpError } from '../../http/errors'
import { route } from '../../http/route'
import { EpubError } from '../viewer/epub/parse'
import { ArchiveLimitError } from '../viewer/epub/zip'
import { importTarget } from '../viewer/importer'
import { queueImageEncodes } from '../image/jobs'
import { titleImageIds } from '../image/variants'
import { writeAudit } from './audit'
import { requireOperator } from './operators'

/**
 * An EPUB or a comic's pages uploaded from the operator console (issue 17), made into a title by
 * the same importer as `npm run import` (viewer/importer.ts `importTarget`): the upload is streamed
 * part by part into a folder of its own (pages) or one file (the EPUB), under IMPORT_LIMITS (413
 * as soon as one is passed, without reading the rest), then imported and audited in one
 * transaction. The folder is removed whatever happens.
 */

const FIELDS = ['kind', 'title', 'ltr'] as const

/** A page's name on disk: its path in the operator's folder, flattened, in safe characters (the importer orders pages by it). */
export function spoolName(raw: string, used: Set<string>): string {
  const flat = raw
    .normalize('NFC')
    .split(/[\\/]+/)
    .filter((segment) => segment && segment !== '.' && segment !== '..')
    .join('_')
    .replace(/[^\p{L}\p{N}._ -]/gu, '_')
    .replace(/^\.+/, '')
  const extension = /\.[A-Za-z0-9]{1,5}$/.exec(flat)?.[0] ?? ''
  const stem = flat.slice(0, flat.length - extension.length).slice(0, 120) || 'file'
  let name = `${stem}${extension}`
  for (let n = 2; used.has(name.toLowerCase()); n++) name = `${stem}~${n}${extension}`
  used.add(name.toLowerCase())
  return name
}

interface Spooled {
  dir: string
  fields: Partial<Record<(typeof FIELDS)[number], string>>
  files: { name: string; size: number; field: string }[]
}

const tooLarge = (): HttpError =>
  apiError('importTooLarge', {
    epub: IMPORT_LIMITS.epubBytes >> 20,
    image: IMPORT_LIMITS.imageBytes >> 20,
    total: IMPORT_LIMITS.totalBytes >> 20,
    pages: IMPORT_LIMITS.pages,
  })

/** Read the parts into `dir`, counting bytes as they come: past a limit, stop and answer 413. */
async function spool(req: FastifyRequest, dir: string): Promise<Spooled> {
  const spooled: Spooled = { dir, fields: {}, files: [] }
  const used = new Set<string>()
  let total = 0
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        if (!(FIELDS as readonly string[]).includes(part.fieldname) || typeof part.value !== 'string') throw apiError('importWrongKind')
        spooled.fields[part.fieldname as (typeof FIELDS)[number]] = part.value
        continue
      }
      if (part.fieldname !== 'file' && part.fieldname !== 'pages') throw apiError('importWrongKind')
      const name = spoolName(part.filename || 'file', used)
      // The console sends the kind first: a page is held to a page's limit as it streams.
      const kind = spooled.fields.kind
      const each = kind === 'epub' ? IMPORT_LIMITS.epubBytes : kind === 'images' ? IMPORT_LIMITS.imageBytes : Infinity
      let size = 0
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length
          total += chunk.length
          done(size > each || total > IMPORT_LIMITS.totalBytes ? tooLarge() : null, chunk)
        },
      })
      await pipeline(part.file, counter, fs.createWriteStream(path.join(dir, name), { flags: 'wx' }))
      if (part.file.truncated) throw tooLarge()
      spooled.files.push({ name, size, field: part.fieldname })
    }
  } catch (error) {
    if (error instanceof HttpError) throw error
    // The plugin's own limits (file size, number of files or parts) are 413s too.
    if ((error as { statusCode?: number }).statusCode === 413) throw tooLarge()
    // Writing the spool failed (a full disk): the API's own fault.
    if ((error as { syscall?: string }).syscall) throw error
    // A body that is no well-formed multipart (cut short, a broken part header).
    throw apiError('invalidParameter', { field: 'request' })
  }
  return spooled
}

export function registerImportRoute(app: FastifyInstance, deps: AppDeps, formRefused: (errors: FieldError[], locale: Locale) => HttpError): void {
  void app.register(async (scope) => {
    // Multipart only here: everywhere else a multipart body is refused as before.
    await scope.register(multipart, {
      limits: {
        fileSize: Math.max(IMPORT_LIMITS.epubBytes, IMPORT_LIMITS.imageBytes),
        files: IMPORT_LIMITS.pages,
        fields: FIELDS.length,
        fieldSize: 1024,
        parts: IMPORT_LIMITS.pages + FIELDS.length,
      },
      throwFileSizeLimit: true,
    })
    route(
      scope,
      deps,
      endpoints.opsImport,
      async ({ req, locale }) => {
        const operator = await requireOperator(deps, req)
        if (!req.isMultipart()) throw apiError('importWrongKind')
        const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'koma-import-'))
        try {
          const { fields, files } = await spool(req, dir)
          const { kind, title, errors } = checkImportForm(fields, files)
          if (errors.some((error) => error.field === 'files' && error.problem === 'invalid')) throw apiError('importWrongKind')
          if (!kind || errors.length) throw formRefused(errors, locale)
          if (files.some((file) => file.field !== (kind === 'epub' ? 'file' : 'pages'))) throw apiError('importWrongKind')
          if (importTooLarge(kind, files)) throw tooLarge()
          const target = kind === 'epub' ? path.join(dir, files[0]!.name) : dir
          const now = deps.clock.now()
          const imported = await deps.db.transaction().execute(async (trx) => {
            const made = await importTarget(trx, deps.objects, target, now, { ltr: fields.ltr === 'true', title: kind === 'images' ? title : undefined })
            await writeAudit(trx, operator.actor, {
              action: 'title.import',
              target: `title:${made.contentId}`,
              after: {
                kind,
                title: made.title,
                chapterId: made.chapterId,
                files: files.length,
                bytes: files.reduce((sum, file) => sum + file.size, 0),
                detail: made.detail,
              },
            })
            return made
          })
          // Home, lists and search on every API process show the new title now.
          await invalidate(deps, 'catalog', req.log)
          // Its pages and cover get their AVIF in the job queue, never on a reader's request (issue 34).
          await queueImageEncodes(deps, await titleImageIds(deps.db, imported.contentId))
          const result: OpsImported = { kind, contentType: 'comic', ...imported }
          return result
        } catch (error) {
          // The importer's refusals (not an EPUB, a damaged one, a page that is no image) with their reason.
          if (error instanceof EpubError) throw invalidInput(text('importRefused', locale, { reason: error.message }))
          // An EPUB past ARCHIVE_LIMITS (a zip bomb): SPEC §8's 413, naming the limit; nothing was stored.
          if (error instanceof ArchiveLimitError) throw apiError(error.errorName, error.values)
          throw error
        } finally {
          await fs.promises.rm(dir, { recursive: true, force: true })
        }
      },
      { upload: true },
    )
  })
}

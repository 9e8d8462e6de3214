import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type * as Zopfli from '@gfx/zopfli'

const gzip = promisify(zlib.gzip)
const brotli = promisify(zlib.brotliCompress)

/** Files worth precompressing: text formats the browser downloads. */
export const PRECOMPRESS_EXTENSIONS: ReadonlySet<string> = new Set([
  '.js',
  '.mjs',
  '.cjs',
  '.css',
  '.html',
  '.json',
  '.svg',
  '.txt',
  '.xml',
  '.webmanifest',
  '.wasm',
])

/** Below this, compression saves less than the extra header and decoder cost. */
export const PRECOMPRESS_MIN_BYTES = 1024

/** Brotli 11 is slow (~1 MB/s) but this runs once per deploy; very large files get 9. */
export async function brotliBest(content: Buffer): Promise<Buffer> {
  return brotli(content, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: content.length > 2 * 1024 * 1024 ? 9 : 11,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  })
}

/**
 * Files of these sizes get their gzip from Zopfli; others from zlib at level 9. Below the floor
 * Zopfli saves a few dozen bytes a file (0.3 kB over the first load of /) for its slowest
 * start; above the cap it would take seconds a file.
 */
export const ZOPFLI_MIN_BYTES = 32 * 1024
export const ZOPFLI_MAX_BYTES = 1024 * 1024

/**
 * The gzip a browser without brotli gets (issue 13). Zopfli writes standard gzip ~3 % smaller
 * than zlib's best (the first load of /: 178.6 -> 172.9 kB), at ~250 kB/s: once per deploy, and
 * each file's result is kept (precompressed below).
 */
export async function gzipBest(content: Buffer): Promise<Buffer> {
  if (content.length < ZOPFLI_MIN_BYTES || content.length > ZOPFLI_MAX_BYTES) return gzip(content, { level: 9 })
  const { gzipAsync } = await zopfli()
  return Buffer.from(await gzipAsync(content, { numiterations: 2 }))
}

let loaded: Promise<typeof Zopfli> | undefined

/**
 * @gfx/zopfli, loaded on first use (a server that never publishes never loads it). Its
 * Emscripten glue adds process-wide uncaughtException and unhandledRejection handlers when it
 * loads; they are taken off again, so publishing does not change how its process fails.
 */
function zopfli(): Promise<typeof Zopfli> {
  loaded ??= (async () => {
    const events = ['uncaughtException', 'unhandledRejection']
    const emitter: NodeJS.EventEmitter = process
    const before = new Map(events.map((event) => [event, emitter.listeners(event)]))
    const module = await import('@gfx/zopfli')
    for (const event of events)
      for (const listener of emitter.listeners(event)) if (!before.get(event)?.includes(listener)) emitter.off(event, listener as (...args: unknown[]) => void)
    return module
  })()
  return loaded
}

/**
 * Where precompressed files are kept by their content's hash, so a file published again (the
 * same build into another edge folder, a rollback, every test site) is not compressed again:
 * `KOMA_PRECOMPRESS_CACHE`, default node_modules/.cache/koma-precompress; `off` keeps none.
 */
export function precompressCacheDir(): string | null {
  const setting = process.env.KOMA_PRECOMPRESS_CACHE
  if (setting === 'off') return null
  return setting || path.join(path.dirname(require.resolve('@gfx/zopfli/package.json')), '..', '..', '.cache', 'koma-precompress')
}

/** `make(content)`, or the result kept for the same content; kept files are written whole (renamed into place). */
export async function precompressed(
  kind: 'gz' | 'br',
  content: Buffer,
  make: (content: Buffer) => Promise<Buffer>,
  dir = precompressCacheDir(),
): Promise<Buffer> {
  if (!dir) return make(content)
  const file = path.join(dir, `${createHash('sha256').update(content).digest('hex')}.${kind}`)
  try {
    return await fs.readFile(file)
  } catch {
    /* not kept yet */
  }
  const result = await make(content)
  try {
    await fs.mkdir(dir, { recursive: true })
    const temp = `${file}.${process.pid}.${randomBytes(3).toString('hex')}`
    await fs.writeFile(temp, result)
    await fs.rename(temp, file)
  } catch {
    /* a cache that cannot be written costs time, never a publish */
  }
  return result
}

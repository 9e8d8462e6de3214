import { promisify } from 'node:util'
import zlib from 'node:zlib'

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

export async function gzipBest(content: Buffer): Promise<Buffer> {
  return gzip(content, { level: 9 })
}

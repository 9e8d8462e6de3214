import { promisify } from 'node:util'
import zlib from 'node:zlib'

export type Encoding = 'br' | 'gzip' | 'identity'

interface Accepted {
  br: number
  gzip: number
}

const parsed = new Map<string, Accepted>()

/** Quality values the client gave br and gzip (0 = refused). Parsed once per distinct header. */
function accepted(header: string): Accepted {
  let result = parsed.get(header)
  if (result) return result
  let br: number | undefined
  let gzip: number | undefined
  let star: number | undefined
  for (const part of header.split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';')
    let q = 1
    for (const param of params) {
      const [key, value] = param.trim().split('=')
      if (key === 'q') q = Number.isFinite(Number(value)) ? Number(value) : 0
    }
    if (token === 'br') br = q
    else if (token === 'gzip' || token === 'x-gzip') gzip = q
    else if (token === '*') star = q
  }
  result = { br: br ?? star ?? 0, gzip: gzip ?? star ?? 0 }
  if (parsed.size > 200) parsed.clear()
  parsed.set(header, result)
  return result
}

/** The best encoding both sides have: brotli unless the client ranks gzip higher. */
export function negotiate(header: string | string[] | undefined, available: { br: boolean; gzip: boolean }): Encoding {
  if (!header) return 'identity'
  const { br, gzip } = accepted(Array.isArray(header) ? header.join(',') : header)
  const brQ = available.br ? br : 0
  const gzipQ = available.gzip ? gzip : 0
  if (brQ > 0 && brQ >= gzipQ) return 'br'
  if (gzipQ > 0) return 'gzip'
  return 'identity'
}

export const gzipAsync = promisify(zlib.gzip)
export const brotliAsync = promisify(zlib.brotliCompress)

/** A small response held in memory with its compressed forms (built once, sent many times). */
export interface Variants {
  identity: Buffer
  br: Buffer | null
  gzip: Buffer | null
  /** Base of the ETag; the encoding is appended so each representation has its own. */
  tag: string
}

export async function compressVariants(identity: Buffer, tag: string): Promise<Variants> {
  if (identity.length < 256) return { identity, br: null, gzip: null, tag }
  const [br, gzip] = await Promise.all([
    brotliAsync(identity, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }),
    gzipAsync(identity, { level: 9 }),
  ])
  return {
    identity,
    br: br.length < identity.length ? br : null,
    gzip: gzip.length < identity.length ? gzip : null,
    tag,
  }
}

/** Whether an If-None-Match header matches this ETag (weak comparison, lists and `*`). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  const bare = etag.replace(/^W\//, '')
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === bare)
}

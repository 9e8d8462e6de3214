import fs from 'node:fs/promises'
import path from 'node:path'
import { LRUCache } from 'lru-cache'
import { sha256Of } from '../../storage'

export interface Rendered {
  body: Buffer
  etag: string
}

/**
 * What a cache miss needs: the stored bytes' hash (it names the disk files; null for rows written
 * before images had one: then the bytes are read and hashed), how to read the bytes (the row's
 * own, or the object store's: only when no rendered file is on disk) and how to render them.
 * `render` is called only on a real miss, and reads the bytes through `bytes` when it is admitted
 * (a render refused by a budget costs no read); it answers the asked key and may answer sibling
 * keys too (every band of a strip comes out of one render): those are kept as if they had been asked.
 * `render` answers null for a variant that is not there to be had (an AVIF not encoded yet): nothing is kept.
 */
export interface Source {
  sha256: string | null
  read: () => Promise<Buffer>
  render: (bytes: () => Promise<Buffer>) => Promise<Map<string, Buffer> | null>
}

/** Rendered variants kept in memory, bounded by size (the edge and browsers cache the rest). */
const MEMORY_BYTES = 48 * 1024 * 1024

const variantOf = (key: string): string =>
  key
    .split(':')
    .slice(1)
    .join('-')
    .replace(/[^\w.-]/g, '_')

/**
 * Two levels: an LRU in memory keyed by image and variant, then files on disk named by the hash
 * of the source bytes and the variant (so a database copy with other images never reads a stale
 * file). Concurrent misses for one key render once.
 */
export class ImageCache {
  private readonly memory = new LRUCache<string, Rendered>({ maxSize: MEMORY_BYTES, sizeCalculation: (value) => value.body.length + 64 })
  private readonly pending = new Map<string, Promise<Rendered | null>>()

  constructor(private readonly dir: string | null) {}

  /** A variant already in memory, or undefined. */
  peek(key: string): Rendered | undefined {
    return this.memory.get(key)
  }

  async get(key: string, load: () => Promise<Source | null>): Promise<Rendered | null> {
    const hit = this.memory.get(key)
    if (hit) return hit
    const running = this.pending.get(key)
    if (running) return running
    const work = this.fill(key, load).finally(() => this.pending.delete(key))
    this.pending.set(key, work)
    return work
  }

  private async fill(key: string, load: () => Promise<Source | null>): Promise<Rendered | null> {
    const source = await load()
    if (!source) return null
    let bytes: Buffer | null = null
    let sha256 = source.sha256
    if (!sha256) {
      bytes = await source.read()
      sha256 = sha256Of(bytes)
    }
    const hash = sha256.slice(0, 32)
    const file = (forKey: string) => (this.dir ? path.join(this.dir, hash.slice(0, 2), `${hash}-${variantOf(forKey)}`) : null)
    const keep = (forKey: string, body: Buffer): Rendered => {
      const rendered = { body, etag: `"${hash.slice(0, 16)}-${variantOf(forKey)}"` }
      this.memory.set(forKey, rendered)
      return rendered
    }
    const onDisk = file(key)
    const stored = onDisk ? await fs.readFile(onDisk).catch(() => null) : null
    if (stored) return keep(key, stored)
    const bodies = await source.render(async () => bytes ?? (await source.read()))
    if (!bodies) return null
    const body = bodies.get(key)
    if (!body) throw new Error(`the render of ${key} did not answer it`)
    for (const [forKey, forBody] of bodies) {
      const target = file(forKey)
      if (target) await this.write(target, forBody)
      if (forKey !== key && !this.memory.has(forKey)) keep(forKey, forBody)
    }
    return keep(key, body)
  }

  private async write(file: string, body: Buffer): Promise<void> {
    try {
      await fs.mkdir(path.dirname(file), { recursive: true })
      const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`
      await fs.writeFile(temp, body)
      await fs.rename(temp, file)
    } catch {
      /* a read-only or full disk only costs a re-render next time */
    }
  }
}

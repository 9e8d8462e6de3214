import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { gzipBest, precompressed, ZOPFLI_MAX_BYTES, ZOPFLI_MIN_BYTES } from './compress'

/** Some JavaScript the size of a route chunk: repetitive enough to compress, varied enough to differ. */
const script = Buffer.from(
  Array.from(
    { length: 400 },
    (_, i) =>
      `export function screen${i}(props){return jsx("div",{className:"k-${(i * 7919).toString(36)}",children:props.items.map((item)=>item.title+${i})})}\n`,
  ).join(''),
)

describe('precompressed files (issue 13)', () => {
  let dir: string
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-precompress-'))
  })
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

  it('gzip by Zopfli: the same bytes once unzipped, smaller than zlib at its best, and the process left as it was', async () => {
    const listeners = (['uncaughtException', 'unhandledRejection'] as const).map((event) => process.listenerCount(event))
    const gz = await gzipBest(script)
    expect(zlib.gunzipSync(gz).equals(script)).toBe(true)
    expect(gz.length).toBeLessThan(zlib.gzipSync(script, { level: 9 }).length)
    // Its Emscripten glue adds process-wide handlers when it loads; they are taken off again.
    expect((['uncaughtException', 'unhandledRejection'] as const).map((event) => process.listenerCount(event))).toEqual(listeners)
  })

  it('a file under or over the Zopfli sizes is gzipped by zlib', async () => {
    expect(script.length).toBeGreaterThan(ZOPFLI_MIN_BYTES)
    const small = script.subarray(0, ZOPFLI_MIN_BYTES - 1)
    expect((await gzipBest(small)).equals(zlib.gzipSync(small, { level: 9 }))).toBe(true)
    const big = Buffer.alloc(ZOPFLI_MAX_BYTES + 1, 'a')
    expect((await gzipBest(big)).equals(zlib.gzipSync(big, { level: 9 }))).toBe(true)
  })

  it('compresses a content once: published again, the kept result is used', async () => {
    const make = jest.fn(async (content: Buffer) => zlib.gzipSync(content))
    const first = await precompressed('gz', script, make, dir)
    const again = await precompressed('gz', Buffer.from(script), make, dir)
    expect(again.equals(first)).toBe(true)
    expect(make).toHaveBeenCalledTimes(1)
    // Another content, or the other encoding, is compressed anew.
    await precompressed('br', script, make, dir)
    await precompressed('gz', Buffer.concat([script, Buffer.from('\n')]), make, dir)
    expect(make).toHaveBeenCalledTimes(3)
    expect(fs.readdirSync(dir).sort()).toHaveLength(3)
  })

  it('keeps nothing when the cache is off, and a cache that cannot be written costs only time', async () => {
    const make = jest.fn(async (content: Buffer) => zlib.gzipSync(content))
    await precompressed('gz', script, make, null)
    await precompressed('gz', script, make, null)
    expect(make).toHaveBeenCalledTimes(2)
    const file = path.join(dir, 'a-file')
    fs.writeFileSync(file, '')
    const result = await precompressed('gz', script, make, path.join(file, 'cache'))
    expect(zlib.gunzipSync(result).equals(script)).toBe(true)
  })
})

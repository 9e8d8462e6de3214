import zlib from 'node:zlib'

/**
 * Hostile EPUB archives for tests and the hostile benchmark (issue 33), written byte by byte: a zip
 * library writes honest archives, and a bomb needs to say what we choose (a directory that lies
 * about sizes, ten thousand entries) and to stay small on disk and quick to make. A megabyte of
 * zeros is deflated once and its compressed block repeated (each ends on a full flush, so the
 * blocks stand alone): hundreds of megabytes inflated cost a few hundred kilobytes and no time.
 */
const MB = 1024 * 1024
const ZERO_MB = Buffer.alloc(MB)
let zeroBlock: Buffer | null = null

export interface CraftedEntry {
  name: string
  /** The entry's data as stored in the archive (raw deflate when method is 8). */
  data: Buffer
  method: 0 | 8
  /** What the directory says it inflates to. */
  size: number
  crc: number
}

/** An honest deflated entry. */
export function deflated(name: string, body: string | Buffer): CraftedEntry {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body)
  return { name, data: zlib.deflateRawSync(bytes), method: 8, size: bytes.length, crc: zlib.crc32(bytes) }
}

/** An honest stored entry. */
export function stored(name: string, body: string | Buffer): CraftedEntry {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body)
  return { name, data: bytes, method: 0, size: bytes.length, crc: zlib.crc32(bytes) }
}

/** `megabytes` MB of zeros, deflated (about 1 kB a MB); `declared` is what the directory claims (the truth by default). */
export function zeros(name: string, megabytes: number, declared = megabytes * MB): CraftedEntry {
  zeroBlock ??= zlib.deflateRawSync(ZERO_MB, { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH })
  const data = Buffer.concat([...Array.from({ length: megabytes }, () => zeroBlock as Buffer), zlib.deflateRawSync(Buffer.alloc(0))])
  let crc = 0
  for (let i = 0; i < megabytes; i++) crc = zlib.crc32(ZERO_MB, crc)
  return { name, data, method: 8, size: declared, crc }
}

/** A zip archive of these entries (UTF-8 names, no data descriptors, no zip64). */
export function craftZip(entries: CraftedEntry[]): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8')
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4) // version needed
    local.writeUInt16LE(0x800, 6) // UTF-8 names
    local.writeUInt16LE(entry.method, 8)
    local.writeUInt32LE(entry.crc >>> 0, 14)
    local.writeUInt32LE(entry.data.length, 18)
    local.writeUInt32LE(entry.size, 22)
    local.writeUInt16LE(name.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4) // made by
    central.writeUInt16LE(20, 6) // needed
    central.writeUInt16LE(0x800, 8)
    central.writeUInt16LE(entry.method, 10)
    central.writeUInt32LE(entry.crc >>> 0, 16)
    central.writeUInt32LE(entry.data.length, 20)
    central.writeUInt32LE(entry.size, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, name, entry.data)
    centrals.push(central, name)
    offset += local.length + name.length + entry.data.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}

/** A readable one-chapter EPUB with `extra` entries beside it (listed nowhere: an archive carries what it likes). */
export function epubWith(extra: CraftedEntry[], title = 'Bomb'): Buffer {
  const container =
    '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OPS/book.opf" media-type="application/oebps-package+xml"/></rootfiles></container>'
  const opf = `<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">urn:koma:test:${encodeURIComponent(title)}</dc:identifier><dc:title>${title}</dc:title><dc:language>en</dc:language></metadata><manifest><item id="a" href="a.xhtml" media-type="application/xhtml+xml"/><item id="b" href="b.xhtml" media-type="application/xhtml+xml"/></manifest><spine><itemref idref="a"/><itemref idref="b"/></spine></package>`
  const doc = (n: string) =>
    `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>${n}</title></head><body><p>Chapter ${n}.</p></body></html>`
  return craftZip([
    stored('mimetype', 'application/epub+zip'),
    deflated('META-INF/container.xml', container),
    deflated('OPS/book.opf', opf),
    deflated('OPS/a.xhtml', doc('a')),
    deflated('OPS/b.xhtml', doc('b')),
    ...extra,
  ])
}

/** The probe's bomb: 300 MB of zeros in about 300 kB, inside a book that is otherwise fine. */
export const reportedBomb = (): Buffer => epubWith(Array.from({ length: 6 }, (_, i) => zeros(`OPS/filler-${i}.bin`, 50)))

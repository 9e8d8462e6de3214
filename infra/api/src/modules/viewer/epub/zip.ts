import { Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { text } from '@koma/contracts/server'
import yauzl, { type Entry, type ZipFile } from 'yauzl'
import type { ApiErrorName } from '../../../http/errorCatalogue'
import { ARCHIVE_LIMITS, type ArchiveLimits } from '../../../limits'

/**
 * An EPUB's zip archive, read entry by entry (issue 33): the central directory is read once (it
 * says every entry's name and sizes), and an entry is inflated only when asked for, through
 * node's zlib stream, by yauzl. yauzl fails an entry whose data inflates to more (or fewer) bytes
 * than the directory declares (validateEntrySizes), so the declared sizes can be trusted and
 * ARCHIVE_LIMITS are checked on them before anything is inflated: a zip bomb is refused from its
 * directory, and one whose directory lies is stopped at the declared size.
 */

/** Which of ARCHIVE_LIMITS an archive passes; its refusal names it in the operator's language. */
export type ArchiveLimitName = 'entries' | 'entryBytes' | 'bookBytes' | 'ratio'

/** The catalogue's refusal for each limit (a 413, its text named the same). */
const LIMIT_ERRORS = {
  entries: 'importArchiveEntries',
  entryBytes: 'importArchiveEntryBytes',
  bookBytes: 'importArchiveBookBytes',
  ratio: 'importArchiveRatio',
} as const satisfies Record<ArchiveLimitName, ApiErrorName>

/** An archive past one of ARCHIVE_LIMITS. Its message is the English text (the import command prints it). */
export class ArchiveLimitError extends Error {
  readonly errorName: (typeof LIMIT_ERRORS)[ArchiveLimitName]
  constructor(
    readonly limit: ArchiveLimitName,
    readonly values: Record<string, string | number>,
  ) {
    super(text(LIMIT_ERRORS[limit], 'en', values))
    this.name = 'ArchiveLimitError'
    this.errorName = LIMIT_ERRORS[limit]
  }
}

/** A file that is no readable zip archive, or an entry whose data is damaged (the reason, in English). */
export class DamagedArchiveError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'DamagedArchiveError'
  }
}

const MB = 1024 * 1024
const mb = (bytes: number) => Math.round(bytes / MB)

/** What this process inflated from archives: entries and bytes (tests and the hostile benchmark). */
const inflated = { entries: 0, bytes: 0 }
export const inflatedSoFar = (): { entries: number; bytes: number } => ({ ...inflated })

/** Zip names are UTF-8 when flagged; otherwise UTF-8 when they decode as such (EPUB names are UTF-8), else Latin-1. */
function nameOf(entry: Entry): string {
  const raw = entry.fileNameRaw
  const flagged = (entry.generalPurposeBitFlag & 0x800) !== 0
  // The Info-ZIP Unicode Path field (0x7075): yauzl's own decoder reads it.
  if (!flagged && entry.extraFields.some((field) => field.id === 0x7075))
    return yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, raw, entry.extraFields, false)
  const utf8 = raw.toString('utf8')
  if (flagged || !utf8.includes('\uFFFD')) return utf8
  return raw.toString('latin1')
}

/** The limits an entry's declared sizes pass (its inflated size, and its ratio to the packed size past the floor). */
function checkEntry(name: string, entry: Entry, limits: ArchiveLimits): void {
  if (entry.uncompressedSize > limits.entryBytes) throw new ArchiveLimitError('entryBytes', { file: name.slice(0, 120), max: mb(limits.entryBytes) })
  const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize)
  if (entry.uncompressedSize > limits.ratioFloorBytes && ratio > limits.ratio)
    throw new ArchiveLimitError('ratio', { file: name.slice(0, 120), ratio: Math.round(ratio), max: limits.ratio })
}

/**
 * One archive's directory over its bytes. `open` refuses an archive past ARCHIVE_LIMITS (count,
 * any entry's size or ratio, the total); `read` inflates one entry; `verify` inflates every entry
 * once, keeping nothing, so a damaged entry is found at import rather than by a reader.
 */
export class ZipBook {
  private constructor(
    private readonly zip: ZipFile,
    private readonly entries: Map<string, Entry>,
    /** The archive's own size (what a cache of open books counts). */
    readonly packedBytes: number,
    /** Every entry's inflated size, added up (as declared, and as yauzl holds each read to). */
    readonly inflatedBytes: number,
  ) {}

  static async open(bytes: Uint8Array, limits: ArchiveLimits = ARCHIVE_LIMITS): Promise<ZipBook> {
    const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    let zip: ZipFile
    try {
      zip = await yauzl.fromBufferPromise(buffer, { decodeStrings: false, validateEntrySizes: true })
    } catch (error) {
      throw new DamagedArchiveError(`its zip archive cannot be read (${(error as Error).message})`)
    }
    // The directory's own count, before a single entry is read.
    if (zip.entryCount > limits.entries) throw new ArchiveLimitError('entries', { count: zip.entryCount, max: limits.entries })
    const entries = new Map<string, Entry>()
    let total = 0
    try {
      for await (const entry of zip.eachEntry()) {
        const name = nameOf(entry)
        checkEntry(name, entry, limits)
        total += entry.uncompressedSize
        if (total > limits.bookBytes) throw new ArchiveLimitError('bookBytes', { max: mb(limits.bookBytes) })
        entries.set(name, entry)
      }
    } catch (error) {
      if (error instanceof ArchiveLimitError) throw error
      throw new DamagedArchiveError(`its zip archive cannot be read (${(error as Error).message})`)
    }
    return new ZipBook(zip, entries, buffer.length, total)
  }

  /** Every entry's name (directories end with "/"). */
  get names(): string[] {
    return [...this.entries.keys()]
  }

  /** The entry for a path, also under its Latin-1 spelling (a name that was not UTF-8). */
  private entryOf(name: string): Entry | undefined {
    return this.entries.get(name) ?? this.entries.get(Buffer.from(name, 'utf8').toString('latin1'))
  }

  has(name: string): boolean {
    return this.entryOf(name) !== undefined
  }

  /** Stream one entry's inflated bytes into `sink`; a damaged entry is a DamagedArchiveError. */
  private async inflate(name: string, entry: Entry, sink: Writable): Promise<void> {
    if (!entry.canDecodeFileData()) throw new DamagedArchiveError(`${name} is encrypted or packed in a way we cannot read`)
    inflated.entries++
    try {
      await pipeline(await this.zip.openReadStreamPromise(entry), sink)
    } catch (error) {
      throw new DamagedArchiveError(`${name} cannot be unpacked (${(error as Error).message})`)
    }
  }

  /** One entry's bytes, inflated now (and only this one); undefined when the archive has no such entry. */
  async read(name: string): Promise<Uint8Array | undefined> {
    const entry = this.entryOf(name)
    if (!entry) return undefined
    const out = Buffer.allocUnsafe(entry.uncompressedSize)
    let at = 0
    await this.inflate(
      name,
      entry,
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          // yauzl stops a stream that passes its declared size; this only guards the copy.
          if (at + chunk.length > out.length) return done(new Error('more bytes than declared'))
          chunk.copy(out, at)
          at += chunk.length
          inflated.bytes += chunk.length
          done()
        },
      }),
    )
    return out.subarray(0, at)
  }

  /** Inflate every entry once, keeping nothing (import: a damaged entry is refused before the book is stored). */
  async verify(): Promise<void> {
    for (const [name, entry] of this.entries) {
      if (name.endsWith('/') && entry.uncompressedSize === 0) continue
      await this.inflate(
        name,
        entry,
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            inflated.bytes += chunk.length
            done()
          },
        }),
      )
    }
  }
}

import { createHash } from 'node:crypto'
import { list, resolveHref, xml } from './parse'
import type { ZipBook } from './zip'

/**
 * Obfuscated fonts (META-INF/encryption.xml): publishers scramble the start of embedded fonts
 * with a key derived from the book's identifier, so a font cannot be lifted from the archive as
 * is. Browsers get the raw bytes from us, so we undo it when serving the file:
 *
 * - IDPF (EPUB OCF, http://www.idpf.org/2008/embedding): the first 1040 bytes XOR the SHA-1 of
 *   the package's unique identifier with its white space removed.
 * - Adobe (http://ns.adobe.com/pdf/enc#RC): the first 1024 bytes XOR the 16 bytes of the book's
 *   urn:uuid identifier.
 */
export const IDPF_ALGORITHM = 'http://www.idpf.org/2008/embedding'
export const ADOBE_ALGORITHM = 'http://ns.adobe.com/pdf/enc#RC'

export type Obfuscation = 'idpf' | 'adobe'

/** XOR the head of `bytes` with `key` (cycled): the same call obfuscates and de-obfuscates. */
export function xorHead(bytes: Uint8Array, key: Uint8Array, length: number): Uint8Array {
  const out = new Uint8Array(bytes)
  // An empty key has no byte to XOR with: the bytes stay as they are.
  for (const [i, byte] of out.subarray(0, Math.max(0, length)).entries()) out[i] = byte ^ (key[i % key.length] ?? 0)
  return out
}

export function idpfKey(uniqueIdentifier: string): Uint8Array {
  return new Uint8Array(
    createHash('sha1')
      .update(uniqueIdentifier.replace(/[\u0020\u0009\u000d\u000a]/g, ''), 'utf8')
      .digest(),
  )
}

/** Adobe's key: the 16 bytes of a UUID identifier; null when the book has none. */
export function adobeKey(identifiers: string[]): Uint8Array | null {
  for (const identifier of identifiers) {
    const hex = identifier
      .trim()
      .replace(/^urn:uuid:/i, '')
      .replace(/-/g, '')
    if (/^[0-9a-f]{32}$/i.test(hex)) return new Uint8Array(Buffer.from(hex, 'hex'))
  }
  return null
}

/** Undo the obfuscation of one file. */
export function deobfuscate(bytes: Uint8Array, how: Obfuscation, identifiers: { unique: string; all: string[] }): Uint8Array {
  if (how === 'idpf') return xorHead(bytes, idpfKey(identifiers.unique), 1040)
  const key = adobeKey([identifiers.unique, ...identifiers.all])
  return key ? xorHead(bytes, key, 1024) : bytes
}

export interface Obfuscated {
  /** Zip path → algorithm. */
  files: Map<string, Obfuscation>
  identifiers: { unique: string; all: string[] }
}

const text = (node: unknown): string => {
  if (typeof node === 'string' || typeof node === 'number') return String(node).trim()
  if (node && typeof node === 'object' && '#text' in node) return String((node as Record<string, unknown>)['#text']).trim()
  return ''
}

/** What encryption.xml says is obfuscated (only the two font algorithms; anything else is left alone). */
export async function obfuscatedFiles(book: ZipBook): Promise<Obfuscated | null> {
  const found = new Map<string, Obfuscation>()
  try {
    const encryption = await book.read('META-INF/encryption.xml')
    if (!encryption) return null
    const doc = xml.parse(Buffer.from(encryption).toString('utf8')) as Record<string, unknown>
    const root = (doc.encryption ?? {}) as Record<string, unknown>
    for (const data of list(root.EncryptedData as Record<string, unknown>[] | Record<string, unknown>)) {
      const algorithm = String((data.EncryptionMethod as Record<string, unknown> | undefined)?.['@Algorithm'] ?? '')
      const uri = String(((data.CipherData as Record<string, unknown> | undefined)?.CipherReference as Record<string, unknown> | undefined)?.['@URI'] ?? '')
      if (!uri) continue
      const how = algorithm === IDPF_ALGORITHM ? 'idpf' : algorithm === ADOBE_ALGORITHM ? 'adobe' : null
      // URIs are relative to the container's root (the archive's root).
      if (how) found.set(resolveHref('', uri), how)
    }
  } catch {
    return null
  }
  if (found.size === 0) return null
  // The package's unique identifier (the dc:identifier the package element names).
  let unique = ''
  const all: string[] = []
  try {
    const container = xml.parse(Buffer.from((await book.read('META-INF/container.xml')) ?? new Uint8Array()).toString('utf8')) as Record<string, unknown>
    const rootfile = list(((container.container as Record<string, unknown> | undefined)?.rootfiles as Record<string, unknown> | undefined)?.rootfile)[0] as
      Record<string, unknown> | undefined
    const opfPath = rootfile ? String(rootfile['@full-path'] ?? '') : ''
    const opf = (xml.parse(Buffer.from((await book.read(opfPath)) ?? new Uint8Array()).toString('utf8')) as Record<string, unknown>).package as
      Record<string, unknown> | undefined
    const uniqueId = String(opf?.['@unique-identifier'] ?? '')
    const identifiers = list((opf?.metadata as Record<string, unknown> | undefined)?.identifier)
    for (const node of identifiers) {
      const value = text(node)
      all.push(value)
      if (node && typeof node === 'object' && String((node as Record<string, unknown>)['@id'] ?? '') === uniqueId) unique = value
    }
    unique ||= all[0] ?? ''
  } catch {
    /* no identifier: IDPF's key is then the hash of nothing, as a reading system would make it */
  }
  return { files: found, identifiers: { unique, all } }
}

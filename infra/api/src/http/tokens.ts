import { createHash, randomBytes } from 'node:crypto'

/** Hashes of stored secrets and random tokens for links, sessions and codes. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex')
export const randomToken = (bytes = 24): string => randomBytes(bytes).toString('base64url')

/** A timestamp column as ISO text for an answer (null stays null). */
export const iso = (value: Date | string | null | undefined): string | null => (value ? new Date(value).toISOString() : null)

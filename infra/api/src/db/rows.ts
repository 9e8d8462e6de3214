/**
 * The row a call has just written (or locked) and reads back. Its absence is a bug, not a
 * caller's mistake, so it fails loudly, naming what was missing, instead of answering undefined.
 */
export function readBack<T>(rows: readonly T[], what: string): T {
  const row = rows[0]
  if (row === undefined) throw new Error(`${what}: the row just written could not be read back`)
  return row
}

/**
 * Lists in tests. A test that needs some rows of the seed (or of an answer) says how many, and
 * fails with a message naming them when there are fewer, instead of reading a property of
 * `undefined` further on. The result is typed so that the rows asked for can be destructured.
 */
export function atLeast<T>(items: readonly T[], count: 1, what: string): [T, ...T[]]
export function atLeast<T>(items: readonly T[], count: 2, what: string): [T, T, ...T[]]
export function atLeast<T>(items: readonly T[], count: 3, what: string): [T, T, T, ...T[]]
export function atLeast<T>(items: readonly T[], count: number, what: string): T[] {
  if (items.length < count) throw new Error(`expected at least ${count} ${what}, found ${items.length}`)
  return [...items]
}

/** The first item; throws, naming `what`, on an empty list. */
export function first<T>(items: readonly T[], what: string): T {
  return atLeast(items, 1, what)[0]
}

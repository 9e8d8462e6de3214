/**
 * List access for the seed. Its lists are its own tables, so a missing item is a bug in the seed:
 * these say which item was missing instead of carrying on with `undefined`.
 */

/** The item at `index`; throws, naming `what`, when the list has none there. */
export function itemAt<T>(items: readonly T[], index: number, what: string): T {
  const item = items[index]
  if (item === undefined) throw new Error(`Seed: no ${what} at index ${index} (of ${items.length})`)
  return item
}

/** The item at `index`, counting round the list again past its end (`index` ≥ 0); throws on an empty list. */
export function cycle<T>(items: readonly T[], index: number, what: string): T {
  return itemAt(items, index % items.length, what)
}

/** The last item; throws, naming `what`, on an empty list. */
export function lastOf<T>(items: readonly T[], what: string): T {
  return itemAt(items, items.length - 1, what)
}

/** Each item with the id its row was given (`insertReturningIds` returns them in order); one id per item. */
export function withIds<T>(items: readonly T[], ids: readonly number[], what: string): [T, number][] {
  if (ids.length !== items.length) throw new Error(`Seed: ${ids.length} ids for ${items.length} ${what}`)
  return items.map((item, i) => [item, itemAt(ids, i, what)])
}

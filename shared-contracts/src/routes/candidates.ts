/**
 * The routes a pathname could match, found before react-router ranks them (issue 39).
 *
 * react-router's `matchRoutes` and `useRoutes` flatten, score and sort every route of the table they
 * are given, and build a regular expression for each route's segments, at every call. For Koma's
 * table (75 routes, four times over in the host, one for each locale prefix) that was ~10 ms of a
 * page's first render on a phone at 1× CPU, and again at every navigation and header check.
 *
 * `candidates` takes out the routes that cannot match before react-router sees the table:
 * a route matches a pathname only if both have the same number of segments (trailing slashes aside),
 * each static segment is the pathname's (case aside), and each parameter has a non-empty segment.
 * What it keeps is a superset of what can match, in the table's order, so react-router's ranking
 * still decides between the routes that do: the answer is the same as on the whole table. A route
 * with a splat or an optional segment is always kept (the table has none but the catch-all).
 */
type Segment = { param: true } | { param: false; text: string }

interface Compiled<T> {
  item: T
  /** null: always kept. */
  segments: Segment[] | null
}

/** A pathname's segments, without the leading slash and any trailing ones ('/' has none). */
function splitSegments(path: string): string[] {
  // A loop, not a regular expression: a pathname of many slashes must not take quadratic time.
  let end = path.length
  while (end > 0 && path[end - 1] === '/') end -= 1
  return end === 0 ? [] : path.slice(0, end).split('/').slice(1)
}

function compile(path: string): Segment[] | null {
  if (!path.startsWith('/') || /[*?]/.test(path)) return null
  return splitSegments(path).map((part) => (part.startsWith(':') ? { param: true } : { param: false, text: part.toLowerCase() }))
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** A pathname segment could be this static segment (lower case) of a route: react-router compares them case aside, decoded. */
function couldBe(part: string, text: string): boolean {
  return part.toLowerCase() === text || decoded(part).toLowerCase() === text
}

function couldMatch(route: Segment[], parts: string[]): boolean {
  if (route.length !== parts.length) return false
  for (let index = 0; index < route.length; index++) {
    const segment = route[index]!
    const part = parts[index]!
    if (segment.param) {
      if (part === '') return false
    } else if (!couldBe(part, segment.text)) {
      return false
    }
  }
  return true
}

/**
 * A filter over `items`, each with the full path `pathOf` gives (react-router syntax, leading
 * slash): called with a pathname, it returns the items whose path could match it, in order.
 */
export function candidates<T>(items: readonly T[], pathOf: (item: T) => string): (pathname: string) => T[] {
  const compiled: Compiled<T>[] = items.map((item) => ({ item, segments: compile(pathOf(item)) }))
  return (pathname) => {
    if (!pathname.startsWith('/')) return compiled.map(({ item }) => item)
    const parts = splitSegments(pathname)
    return compiled.filter(({ segments }) => segments === null || couldMatch(segments, parts)).map(({ item }) => item)
  }
}

/**
 * What follows a pathname's first segment ('/' for nothing) when that segment could be `segment`
 * (a route prefix such as a locale's, lower case), else null: the pathname to filter a prefixed
 * table's routes with. A pathname without its leading slash is given back whole (every route kept).
 */
export function afterFirstSegment(pathname: string, segment: string): string | null {
  if (!pathname.startsWith('/')) return pathname
  const end = pathname.indexOf('/', 1)
  const first = end < 0 ? pathname.slice(1) : pathname.slice(1, end)
  if (!couldBe(first, segment)) return null
  return end < 0 ? '/' : pathname.slice(end)
}

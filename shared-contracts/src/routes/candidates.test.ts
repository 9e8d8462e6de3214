import { matchRoutes } from 'react-router-dom'
import { afterFirstSegment, candidates } from './candidates'
import { pathnamesAroundTheTable } from './samples'
import { ROUTES } from './table'

describe('candidates: the routes a pathname could match (issue 39)', () => {
  const objects = ROUTES.map((route) => ({ path: route.path, route }))
  const filter = candidates(objects, (object) => object.path)
  const signature = (matches: ReturnType<typeof matchRoutes<(typeof objects)[number]>>) =>
    matches?.map((match) => ({ id: match.route.route.id, params: match.params, pathname: match.pathname })) ?? null

  it('keeps a route only when its segments could be the pathname’s', () => {
    const keep = candidates(['/comic/:contentId', '/comic/:contentId/chapter/:chapterId', '/search', '/', '/x/*'], (path) => path)
    expect(keep('/comic/12')).toEqual(['/comic/:contentId', '/x/*'])
    expect(keep('/COMIC/12/')).toEqual(['/comic/:contentId', '/x/*'])
    expect(keep('/%63omic/12')).toEqual(['/comic/:contentId', '/x/*'])
    expect(keep('/comic//')).toEqual(['/x/*'])
    expect(keep('/')).toEqual(['/', '/x/*'])
    expect(keep('/search')).toEqual(['/search', '/x/*'])
    expect(keep('no-slash')).toHaveLength(5)
  })

  it('gives react-router the same answer as the whole table, for every pathname around it', () => {
    // react-router warns of a pathname it cannot decode (the '%ZZ' samples), on both tables.
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined)
    const pathnames = pathnamesAroundTheTable()
    expect(pathnames.length).toBeGreaterThan(2000)
    let matched = 0
    for (const pathname of pathnames) {
      const whole = signature(matchRoutes(objects, pathname))
      expect({ pathname, matches: signature(matchRoutes(filter(pathname), pathname)) }).toEqual({ pathname, matches: whole })
      if (whole) matched += 1
    }
    // The corpus reaches the routes, not only the 404s.
    expect(matched).toBeGreaterThan(500)
    for (const [message] of warn.mock.calls) expect(String(message)).toMatch(/could not be decoded/)
    warn.mockRestore()
  })

  it('gives what follows a prefix the pathname starts with', () => {
    expect(afterFirstSegment('/ja/comic/1', 'ja')).toBe('/comic/1')
    expect(afterFirstSegment('/JA', 'ja')).toBe('/')
    expect(afterFirstSegment('/%6Aa/', 'ja')).toBe('/')
    expect(afterFirstSegment('/ja//comic', 'ja')).toBe('//comic')
    expect(afterFirstSegment('/jap/comic', 'ja')).toBeNull()
    expect(afterFirstSegment('/comic/1', 'ja')).toBeNull()
    expect(afterFirstSegment('ja/comic', 'ja')).toBe('ja/comic')
  })

  it('answers hostile pathnames in linear time (a long run of slashes, many segments)', () => {
    expect(filter(`${'/'.repeat(200_000)}a`)).toEqual([])
    expect(filter('/comic'.repeat(100_000))).toEqual([])
    expect(filter(`/comic/1${'/'.repeat(200_000)}`).map((object) => object.route.id)).toEqual(['catalog.episodes'])
  })

  it('leaves a handful of routes to rank for a chapter', () => {
    expect(filter('/comic/51/chapter/542/product').map((object) => object.route.id)).toEqual(['viewer.comic'])
  })
})

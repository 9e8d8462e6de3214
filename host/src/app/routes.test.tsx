import { pathnamesAroundTheTable } from '@koma/contracts/routeSamples'
import { isValidElement } from 'react'
import { matchRoutes, type RouteObject } from 'react-router-dom'
import { buildRoutes, routesFor } from './routes'

/** What a match renders: each level's path and element (its component and its props). */
function rendered(matches: ReturnType<typeof matchRoutes<RouteObject>>) {
  return (
    matches?.map(({ route, params, pathname }) => {
      const element = isValidElement(route.element) ? route.element : null
      const type = element?.type as { displayName?: string; name?: string; type?: { name?: string } } | undefined
      return {
        path: route.path ?? null,
        index: route.index ?? false,
        pathname,
        params,
        component: type?.displayName ?? type?.name ?? type?.type?.name,
        props: element?.props,
      }
    }) ?? null
  )
}

describe('routesFor: the router table for one pathname (issue 39)', () => {
  const whole = buildRoutes()

  it('renders what the whole table renders, for pathnames around it', () => {
    // react-router warns of a pathname it cannot decode (the '%ZZ' samples), on both tables.
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined)
    // One in three of contracts' samples (which check the filter itself on all of them): the whole
    // table takes ~5 ms a match.
    for (const pathname of pathnamesAroundTheTable().filter((_, index) => index % 3 === 0)) {
      expect({ pathname, matches: rendered(matchRoutes(routesFor(pathname), pathname)) }).toEqual({ pathname, matches: rendered(matchRoutes(whole, pathname)) })
    }
    for (const [message] of warn.mock.calls) expect(String(message)).toMatch(/could not be decoded/)
    warn.mockRestore()
  })

  it('hands React the same elements for every pathname, and few routes to rank', () => {
    const chapter = routesFor('/en/comic/51/chapter/542/product')
    const episodes = routesFor('/en/comic/51')
    expect(chapter.find((route) => route.path === '/en')?.element).toBe(episodes.find((route) => route.path === '/en')?.element)
    const count = (routes: RouteObject[]): number => routes.reduce((sum, route) => sum + 1 + count(route.children ?? []), 0)
    expect(count(chapter)).toBeLessThan(30)
    expect(count(whole)).toBeGreaterThan(300)
  })
})

import fs from 'node:fs'
import path from 'node:path'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const routerPatches = require('./router-patches.js') as ((this: { resourcePath: string }, source: string) => string) & {
  PATCHES: ({ find: string; replace: string } | { from: string; to: string; replace: string })[]
}

const dist = path.join(path.dirname(require.resolve('react-router/package.json', { paths: [path.join(__dirname, '../..')] })), 'dist', 'production')

describe('what a declarative React Router never runs, out of its production build (issue 34)', () => {
  it('applies, each edit exactly once, to the chunk of the version installed, which still parses', () => {
    const file = fs
      .readdirSync(dist)
      .map((name) => path.join(dist, name))
      .find((name) => /chunk-\w+\.mjs$/.test(name) && fs.readFileSync(name, 'utf8').includes('var Link = '))
    expect(file).toBeDefined()
    const patched = routerPatches.call({ resourcePath: file! }, fs.readFileSync(file!, 'utf8'))
    for (const patch of routerPatches.PATCHES) if ('find' in patch) expect(patched.includes(patch.find)).toBe(false)
    expect(patched).toContain('{ displayName: "Form" })')
    // The public matchRoutes ranks each route array once.
    expect(patched).toContain('rankedBranches.set(routes, branches = flattenAndRankRoutes(routes))')
    // _renderMatches keeps only its declarative path; the data router's error boundary, RSC
    // handlers and default error page are no longer reachable from it.
    const renderMatches = patched.slice(patched.indexOf('function _renderMatches('), patched.indexOf('function getDataRouterConsoleError('))
    expect(renderMatches).toContain('data routers are not built in (infra/webpack/router-patches.js)')
    expect(renderMatches).not.toMatch(/RenderErrorBoundary|dataRouterState|HydrateFallback|defaultErrorElement/)
    expect(patched).not.toContain('RenderErrorBoundary.contextType')
    expect(patched).not.toContain('isDataRoute ? useNavigateStable()')
    expect(patched).not.toContain('usePrefetchBehavior(\n')
    expect(patched).toContain('var MemoizedDataRoutes = /* @__PURE__ */ React3.memo(DataRoutes2);')
    // Still one module the parser reads (the edits keep brackets balanced).
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const acorn = require('acorn') as { parse: (text: string, options: object) => unknown }
    expect(() => acorn.parse(patched, { ecmaVersion: 'latest', sourceType: 'module' })).not.toThrow()
  })

  it('fails the build when a new version no longer has the code it edits', () => {
    expect(() => routerPatches.call({ resourcePath: 'chunk.mjs' }, 'export const nothing = 1')).toThrow(/matched 0 times/)
  })
})

import fs from 'node:fs'
import path from 'node:path'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const loader = require('./federation-no-static-remotes-loader.js') as (this: { resourcePath: string }, source: string) => string

// The ES module file webpack bundles (index.js's federationEsm points the package there).
const file = path.join(path.dirname(require.resolve('@module-federation/webpack-bundler-runtime', { paths: [path.join(__dirname, '../..')] })), 'index.js')

describe("the bundler runtime without static remotes' loading (issue 34)", () => {
  it('turns it off, once, in the version installed, and leaves the rest', () => {
    const source = fs.readFileSync(file, 'utf8')
    const patched = loader.call({ resourcePath: file }, source)
    expect(patched).toContain('const USE_REMOTE = false;')
    expect(patched).toContain('remotes: USE_REMOTE ? remotes : void 0')
    expect(patched).toContain('consumes: USE_SHARED ? consumes : void 0')
  })

  it('fails the build when a new version no longer has the switch', () => {
    expect(() => loader.call({ resourcePath: 'index.js' }, 'export const nothing = 1')).toThrow(/matched 0 times/)
  })
})

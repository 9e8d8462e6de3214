import fs from 'node:fs'
import path from 'node:path'
import { parse } from 'acorn'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const loader = require('./federation-runtime-patches.js') as ((this: { resourcePath: string }, source: string) => string) & {
  FILES: { file: RegExp; dependency: string; patches: { why: string }[] }[]
  edits: (file: string) => boolean
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { sharedDependencies } = require('../../shared-contracts/federation/shared.js') as {
  sharedDependencies: (options?: { checkVersions?: boolean; eager?: boolean }) => Record<string, Record<string, unknown>>
}

const root = path.join(__dirname, '../..')
const dist = (pkg: string, file: string) => path.join(root, 'node_modules/@module-federation', pkg, 'dist', file)
const FILES = {
  remote: dist('runtime-core', 'remote/index.js'),
  shared: dist('runtime-core', 'shared/index.js'),
  load: dist('runtime-core', 'utils/load.js'),
  bundler: dist('webpack-bundler-runtime', 'index.js'),
  init: dist('webpack-bundler-runtime', 'init.js'),
  fallback: dist('webpack-bundler-runtime', 'getSharedFallbackGetter.js'),
  env: dist('sdk', 'env.js'),
}
const patch = (file: string) => loader.call({ resourcePath: file }, fs.readFileSync(file, 'utf8'))
const parses = (code: string) => parse(code, { ecmaVersion: 'latest', sourceType: 'module' })
const NOT_BUILT_IN = /(?:is|are) not built in \(infra\/webpack\/federation-runtime-patches\.js\)/

describe("the federation runtime without what Koma's federation never runs (issue 34)", () => {
  it('edits exactly the runtime files it names', () => {
    for (const file of Object.values(FILES)) expect(loader.edits(file)).toBe(true)
    expect(loader.edits(dist('runtime-core', 'core.js'))).toBe(false)
    expect(loader.edits(dist('webpack-bundler-runtime', 'consumes.js'))).toBe(false)
  })

  it.each(Object.entries(FILES))('edits %s once in the version installed, which still parses', (_name, file) => {
    const patched = patch(file)
    expect(patched).not.toBe(fs.readFileSync(file, 'utf8'))
    if (file !== FILES.bundler && file !== FILES.env) expect(patched).toMatch(NOT_BUILT_IN)
    expect(() => parses(patched)).not.toThrow()
  })

  it('leaves out remote preloading, version-first remote initialisation, module entries and shared tree shaking', () => {
    expect(patch(FILES.remote)).not.toContain('createPreloadAssetOps')
    expect(patch(FILES.remote)).toContain('registerRemotes(remotes, options) {')
    expect(patch(FILES.shared)).not.toContain('initRemoteModule')
    expect(patch(FILES.shared)).toContain('loadShareSync(pkgName, extraOptions) {')
    expect(patch(FILES.load)).not.toMatch(/loadEsmEntry|loadSystemJsEntry|System\.import/)
    expect(patch(FILES.load)).toContain('return loadEntryScript({')
    expect(patch(FILES.init)).not.toContain('tree-shake-plugin')
    expect(patch(FILES.init)).toContain('return runtime.init(initOptions);')
    expect(patch(FILES.fallback)).not.toContain('getRemoteEntry')
  })

  it('reads the debug switch from storage once per page (issue 39)', () => {
    const env = patch(FILES.env)
      .replace(/^import .*$/m, 'const BROWSER_LOG_KEY = "FEDERATION_DEBUG";')
      .replace(/^export \{[^}]*\};?$/m, 'return isDebugMode;')
      .replace(/^\/\/# sourceMappingURL.*$/m, '')
    const getItem = jest.fn((key: string) => (key === 'FEDERATION_DEBUG' ? '1' : null))
    const localStorage = { getItem }
    const isDebugMode = new Function('window', 'localStorage', env)({ document: {}, localStorage }, localStorage) as () => boolean
    expect([isDebugMode(), isDebugMode(), isDebugMode()]).toEqual([true, true, true])
    expect(getItem).toHaveBeenCalledTimes(1)
  })

  it("turns the bundler runtime's static remotes off and gives it only the runtime calls it makes", () => {
    const patched = patch(FILES.bundler)
    expect(patched).toContain('const USE_REMOTE = false;')
    expect(patched).toContain('remotes: USE_REMOTE ? remotes : void 0')
    expect(patched).toContain('consumes: USE_SHARED ? consumes : void 0')
    expect(patched).not.toContain('import * as runtime')
    expect(patched).toContain('const runtime = { init: runtimeInit, getRemoteEntry };')
    // What the bundler runtime's files call on federation.runtime is what it is given.
    const folder = path.dirname(FILES.bundler)
    const called = new Set<string>()
    for (const file of fs.readdirSync(folder).filter((name) => name.endsWith('.js'))) {
      const code = fs.readFileSync(path.join(folder, file), 'utf8')
      for (const [, name] of code.matchAll(/\bruntime\.(\w+)\(/g)) called.add(name ?? '')
    }
    expect([...called].sort()).toEqual(['getRemoteEntry', 'init'])
  })

  it('fails the build when a new version no longer has the code it edits', () => {
    for (const file of Object.values(FILES)) expect(() => loader.call({ resourcePath: file }, 'export const nothing = 1')).toThrow(/matched 0 times/)
  })

  it('holds only while every Koma share is shared loaded-first and none is tree-shaken', () => {
    const config = fs.readFileSync(path.join(__dirname, 'index.js'), 'utf8')
    expect(config.match(/shareStrategy: '([\w-]+)'/g)).toEqual(["shareStrategy: 'loaded-first'"])
    for (const options of [{}, { eager: true }, { checkVersions: false }]) {
      const shared = sharedDependencies(options)
      expect(Object.keys(shared).length).toBeGreaterThan(5)
      for (const share of Object.values(shared)) {
        expect(share).not.toHaveProperty('treeShaking')
        expect(share).not.toHaveProperty('strategy')
      }
    }
  })

  it("the bundler runtime's fallback getter hands back the share's own factory", () => {
    const code = patch(FILES.fallback)
      .replace(/^export \{[^}]*\};?$/m, '')
      .replace(/\/\/# sourceMappingURL=.*$/m, '')
    const getter = new Function(`${code}; return getSharedFallbackGetter`)() as (options: {
      factory: () => unknown
      webpackRequire: { federation: object }
    }) => unknown
    const factory = () => 'react'
    expect(getter({ factory, webpackRequire: { federation: {} } })).toBe(factory)
    expect(() => getter({ factory, webpackRequire: { federation: { sharedFallback: {} } } })).toThrow(NOT_BUILT_IN)
  })
})

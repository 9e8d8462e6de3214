import fs from 'node:fs'
import path from 'node:path'
import { transformSync } from '@swc/core'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const mobxPatches = require('./mobx-patches.js') as ((this: { resourcePath: string }, source: string) => string) & {
  CUTS: { from: string; to: string }[]
}

// The ES module file contracts' src/libraries/mobx.ts shares (and webpack bundles).
const file = path.join(path.dirname(require.resolve('mobx/package.json', { paths: [path.join(__dirname, '../..')] })), 'dist', 'mobx.mjs')

interface PatchedMobx {
  makeAutoObservable: (target: object) => void
  autorun: (view: () => void) => () => void
  runInAction: (change: () => void) => void
}

/** The patched file, run as the production build runs it. */
function patchedMobx(): PatchedMobx {
  const patched = mobxPatches.call({ resourcePath: file }, fs.readFileSync(file, 'utf8'))
  const { code } = transformSync(patched, { module: { type: 'commonjs' }, jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' } })
  const module = { exports: {} as PatchedMobx }
  new Function('module', 'exports', 'process', code)(module, module.exports, { env: { NODE_ENV: 'production' } })
  return module.exports
}

describe("what Koma's stores never use, out of MobX's production build (issue 34)", () => {
  it('cuts each part exactly once from the version installed, and its stores still react', () => {
    const mobx = patchedMobx()
    // A store as Koma's are: plain values, objects and arrays (what the API's JSON gives).
    class Store {
      profile: { name: string; tags: string[] } | null = null
      items: number[] = []
      constructor() {
        mobx.makeAutoObservable(this)
      }
      get count() {
        return this.items.length
      }
    }
    const store = new Store()
    const seen: string[] = []
    const stop = mobx.autorun(() => seen.push(`${store.profile?.name ?? '-'}:${store.profile?.tags.join('+') ?? ''}:${store.count}`))
    mobx.runInAction(() => {
      store.profile = { name: 'reader', tags: ['a'] }
    })
    mobx.runInAction(() => store.profile?.tags.push('b'))
    mobx.runInAction(() => store.items.push(1, 2))
    stop()
    expect(seen).toEqual(['-::0', 'reader:a:0', 'reader:a+b:0', 'reader:a+b:2'])
  })

  it('says what is missing when a store holds a Map or a Set, or has a generator method', () => {
    const mobx = patchedMobx()
    class WithMap {
      byId = new Map<string, number>()
      constructor() {
        mobx.makeAutoObservable(this)
      }
    }
    expect(() => new WithMap()).toThrow('[koma] MobX observable Maps are not built in (infra/webpack/mobx-patches.js)')
    class WithSet {
      ids = new Set<string>()
      constructor() {
        mobx.makeAutoObservable(this)
      }
    }
    expect(() => new WithSet()).toThrow('[koma] MobX observable Sets are not built in')
    class WithFlow {
      constructor() {
        mobx.makeAutoObservable(this)
      }
      *load() {
        yield 1
      }
    }
    expect(() => new WithFlow()).toThrow('[koma] MobX flows (generator actions) are not built in')
  })

  it('fails the build when a new version no longer has the code it cuts', () => {
    expect(() => mobxPatches.call({ resourcePath: 'mobx.mjs' }, 'export const nothing = 1')).toThrow(/matched 0 times/)
  })
})

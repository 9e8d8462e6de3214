import fs from 'node:fs'
import path from 'node:path'
import * as emotion from './emotion'
import * as intl from './intl'
import * as mobx from './mobx'
import * as mobxReact from './mobxReact'
import * as reactDom from './reactDom'
import * as router from '../router/shared'
import { importsFrom, packageSources } from '../../../infra/jest/packageSources'

// The list reads MobX's ES module file, which Jest does not load: MobX's package is the same API.
jest.mock('mobx/dist/mobx.mjs', () => jest.requireActual('mobx'))

const root = path.resolve(__dirname, '..', '..', '..')

/** Every value `files` import by name from `library`; a namespace or default import fails the test (the list could not see it). */
function namedImports(library: string, files: string[]): Set<string> {
  const { names, whole } = importsFrom(library, files)
  expect(whole).toEqual([])
  return names
}

/** Each library shared as a list: the list, and the least it must hold (a list emptied by mistake fails). */
const LISTS: [library: string, list: Record<string, unknown>, atLeast: number][] = [
  ['react-router-dom', router, 6],
  ['react-intl', intl, 4],
  ['@emotion/react', emotion, 2],
  ['mobx-react-lite', mobxReact, 2],
]

describe.each(LISTS)('the shared %s', (library, list, atLeast) => {
  it('exports every value a package imports from it', () => {
    const imported = namedImports(library, packageSources())
    expect(imported.size).toBeGreaterThanOrEqual(atLeast)
    expect([...imported].filter((name) => !(name in list))).toEqual([])
  })
})

describe('the shared mobx', () => {
  it('exports every value a package or mobx-react-lite imports from mobx', () => {
    const mobxReactLite = path.join(root, 'node_modules', 'mobx-react-lite', 'dist', 'mobxreactlite.esm.js')
    const imported = namedImports('mobx', [...packageSources().filter((file) => !file.includes(`${path.sep}libraries${path.sep}`)), mobxReactLite])
    expect(imported.size).toBeGreaterThan(3)
    expect([...imported].filter((name) => !(name in mobx))).toEqual([])
  })
})

describe('the shared react-dom', () => {
  it("exports every value a browser package or React DOM's client imports from react-dom", () => {
    // The edge's server build takes the whole package (host/src/server), not the share.
    const browserSources = packageSources().filter(
      (file) => !file.includes(`${path.sep}server${path.sep}`) && !file.includes(`${path.sep}libraries${path.sep}`),
    )
    const imported = namedImports('react-dom', browserSources)
    // React DOM's client, the share's one importer: what it reads of the module it requires.
    const client = fs.readFileSync(path.join(root, 'node_modules', 'react-dom', 'cjs', 'react-dom-client.production.js'), 'utf8')
    const required = /\b(\w+) = require\("react-dom"\)/.exec(client)?.[1]
    expect(required).toBeDefined()
    for (const [, name = ''] of client.matchAll(new RegExp(`\\b${required}\\.(\\w+)`, 'g'))) imported.add(name)
    expect(imported.has('__DOM_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE')).toBe(true)
    expect([...imported].filter((name) => !(name in reactDom))).toEqual([])
    expect(Object.values(reactDom).every(Boolean)).toBe(true)
  })
})

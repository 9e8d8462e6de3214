import fs from 'node:fs'
import path from 'node:path'
import * as emotion from './emotion'
import * as intl from './intl'
import * as mobx from './mobx'
import * as mobxReact from './mobxReact'
import * as router from '../router/shared'

// The list reads MobX's ES module file, which Jest does not load: MobX's package is the same API.
jest.mock('mobx/dist/mobx.mjs', () => jest.requireActual('mobx'))

const root = path.resolve(__dirname, '..', '..', '..')
const PACKAGES = ['host', 'mf-catalog', 'mf-viewer', 'mf-account', 'mf-payments', 'mf-community', 'mf-ops', 'shared-contracts']

function sources(dir: string): string[] {
  if (!fs.existsSync(dir)) return []
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return sources(file)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : []
  })
}

/** Every value `pkg` sources import by name from `library` (a namespace or default import fails the test: the list could not see it). */
function namedImports(library: string, files: string[]): Set<string> {
  const imported = new Set<string>()
  const named = new RegExp(`import\\s+(type\\s+)?\\{([^}]*)\\}\\s+from\\s+['"]${library}['"]`, 'g')
  const whole = new RegExp(`import\\s+\\*\\s+as\\s+\\w+\\s+from\\s+['"]${library}['"]|import\\s+\\w+\\s+from\\s+['"]${library}['"]`)
  for (const file of files) {
    const code = fs.readFileSync(file, 'utf8')
    for (const [, typeOnly, names = ''] of code.matchAll(named)) {
      if (typeOnly) continue
      for (const part of names.split(',')) {
        const [name = ''] = part.trim().split(' as ')
        if (name && !name.startsWith('type ')) imported.add(name.trim())
      }
    }
    expect({ file, whole: whole.test(code) }).toEqual({ file, whole: false })
  }
  return imported
}

const packageSources = () => PACKAGES.flatMap((pkg) => sources(path.join(root, pkg, 'src')))

describe('the shared react-router-dom', () => {
  it('exports every value a package imports from react-router-dom', () => {
    const imported = namedImports('react-router-dom', packageSources())
    expect(imported.size).toBeGreaterThan(5)
    expect([...imported].filter((name) => !(name in router))).toEqual([])
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

describe('the shared react-intl', () => {
  it('exports every value a package imports from react-intl', () => {
    const imported = namedImports('react-intl', packageSources())
    expect(imported.size).toBeGreaterThan(3)
    expect([...imported].filter((name) => !(name in intl))).toEqual([])
  })
})

describe('the shared @emotion/react', () => {
  it('exports every value a package imports from @emotion/react', () => {
    const imported = namedImports('@emotion/react', packageSources())
    expect(imported.size).toBeGreaterThan(1)
    expect([...imported].filter((name) => !(name in emotion))).toEqual([])
  })
})

describe('the shared mobx-react-lite', () => {
  it('exports every value a package imports from mobx-react-lite', () => {
    const imported = namedImports('mobx-react-lite', packageSources())
    expect(imported.size).toBeGreaterThan(1)
    expect([...imported].filter((name) => !(name in mobxReact))).toEqual([])
  })
})

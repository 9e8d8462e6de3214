import fs from 'node:fs'
import path from 'node:path'
import { FRONT_END_FOLDERS } from '../../shared-contracts/federation/remotes'

// What the tests that guard a shared module's exports read (contracts' libraries/shared.test.ts
// and index.test.ts, infra/webpack/intl-patches.test.ts): the browser packages' own sources.

const root = path.resolve(__dirname, '..', '..')

/** Every .ts/.tsx file under `dir`, test files included only when asked. */
function sourcesIn(dir: string, tests: boolean): string[] {
  if (!fs.existsSync(dir)) return []
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourcesIn(file, tests)
    return /\.tsx?$/.test(entry.name) && (tests || !/\.test\.tsx?$/.test(entry.name)) ? [file] : []
  })
}

/**
 * The TypeScript sources of the browser's packages: the host, every remote and contracts (their
 * `src`), and with `tests` also their tests and the shared test helpers (infra/jest).
 */
export function packageSources({ tests = false }: { tests?: boolean } = {}): string[] {
  const packages = [...FRONT_END_FOLDERS, 'shared-contracts'].flatMap((pkg) => sourcesIn(path.join(root, pkg, 'src'), tests))
  return tests ? [...packages, ...sourcesIn(path.join(root, 'infra', 'jest'), true)] : packages
}

/**
 * What `files` import from `library`: every value imported by name (type-only imports aside), and
 * the files that import it whole (a namespace or default import), whose uses no list of names sees.
 */
export function importsFrom(library: string, files: string[]): { names: Set<string>; whole: string[] } {
  const names = new Set<string>()
  const whole: string[] = []
  const quoted = `['"]${library}['"]`
  const named = new RegExp(`import\\s+(type\\s+)?\\{([^}]*)\\}\\s+from\\s+${quoted}`, 'g')
  const entire = new RegExp(`import\\s+\\*\\s+as\\s+\\w+\\s+from\\s+${quoted}|import\\s+\\w+\\s+from\\s+${quoted}`)
  for (const file of files) {
    const code = fs.readFileSync(file, 'utf8')
    for (const [, typeOnly, list = ''] of code.matchAll(named)) {
      if (typeOnly) continue
      for (const part of list.split(',')) {
        const [name = ''] = part.trim().split(' as ')
        if (name && !name.startsWith('type ')) names.add(name.trim())
      }
    }
    if (entire.test(code)) whole.push(file)
  }
  return { names, whole }
}

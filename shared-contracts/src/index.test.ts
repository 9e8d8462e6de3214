import fs from 'node:fs'
import path from 'node:path'
import * as barrel from './index'
import { FRONT_END_FOLDERS } from '../federation/remotes'

// The browser's barrel is shared whole (a shared module keeps every export, since any remote may
// ask for any): it names what the browser's packages use, and nothing else (issue 34).

const root = path.resolve(__dirname, '..', '..')

function sources(dir: string): string[] {
  if (!fs.existsSync(dir)) return []
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return sources(file)
    return /\.tsx?$/.test(entry.name) ? [file] : []
  })
}

/** Every value a file imports by name from `@koma/contracts` (type-only imports aside). */
function valuesImported(code: string): string[] {
  const names: string[] = []
  for (const [, typeOnly, list = ''] of code.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'@koma\/contracts'/g)) {
    if (typeOnly) continue
    for (const part of list.split(',')) {
      const name = part.trim().split(' as ')[0]?.trim() ?? ''
      if (name && !name.startsWith('type ')) names.push(name)
    }
  }
  return names
}

const packageFiles = () => [...FRONT_END_FOLDERS.flatMap((pkg) => sources(path.join(root, pkg, 'src'))), ...sources(path.join(root, 'infra', 'jest'))]

describe("the browser's @koma/contracts barrel (index.ts)", () => {
  it('exports every value a package imports from it', () => {
    const missing: string[] = []
    let imports = 0
    for (const file of packageFiles()) {
      for (const name of valuesImported(fs.readFileSync(file, 'utf8'))) {
        imports += 1
        if (!(name in barrel)) missing.push(`${path.relative(root, file)}: ${name}`)
      }
    }
    expect(imports).toBeGreaterThan(500)
    expect(missing).toEqual([])
  })

  it('exports no value that no package uses (each one is in every page: the module is shared whole)', () => {
    const code = packageFiles()
      .map((file) => fs.readFileSync(file, 'utf8'))
      .join('\n')
    const unused = Object.keys(barrel).filter((name) => !new RegExp(`\\b${name}\\b`).test(code))
    expect(Object.keys(barrel).length).toBeGreaterThan(80)
    expect(unused).toEqual([])
  })
})

import fs from 'node:fs'
import path from 'node:path'
import * as barrel from './index'
import { importsFrom, packageSources } from '../../infra/jest/packageSources'

// The browser's barrel is shared whole (a shared module keeps every export, since any remote may
// ask for any): it names what the browser's packages use, and nothing else (issue 34).

const root = path.resolve(__dirname, '..', '..')
// The barrel's users: the host's and the remotes' sources and tests, and the shared test helpers
// (a value only a test imports stays: the test would not compile without it). Contracts' own
// files are not users: the barrel itself names every export.
const contracts = path.join(root, 'shared-contracts') + path.sep
const packageFiles = () => packageSources({ tests: true }).filter((file) => !file.startsWith(contracts))

describe("the browser's @koma/contracts barrel (index.ts)", () => {
  it('exports every value a package imports from it', () => {
    const missing: string[] = []
    for (const file of packageFiles()) {
      const { names } = importsFrom('@koma/contracts', [file])
      for (const name of names) if (!(name in barrel)) missing.push(`${path.relative(root, file)}: ${name}`)
    }
    expect(importsFrom('@koma/contracts', packageFiles()).names.size).toBeGreaterThan(100)
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

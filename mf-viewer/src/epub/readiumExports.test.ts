import fs from 'node:fs'
import path from 'node:path'

/**
 * The reader loads only the Readium exports it names (`webpackExports` on its dynamic imports,
 * issue 39): an export it uses without naming it would be undefined in the built reader, though
 * TypeScript (which sees the whole package) and these unit tests (which load the whole package)
 * would not say so. Every name the reader's code takes from Readium's modules must be named.
 */
const read = (file: string) => fs.readFileSync(path.join(__dirname, file), 'utf8')

/** The names each dynamic import of a Readium package lists, by package, over these files. */
function named(files: string[]): Map<string, Set<string>> {
  const byPackage = new Map<string, Set<string>>()
  for (const file of files)
    for (const [, list, pkg] of read(file).matchAll(/webpackExports: \[([^\]]*)\][^*]*\*\/\s*'(@readium\/\w+)'/g)) {
      const names = byPackage.get(pkg!) ?? new Set<string>()
      for (const [, name] of list!.matchAll(/"(\w+)"/g)) names.add(name!)
      byPackage.set(pkg!, names)
    }
  return byPackage
}

describe('the Readium exports the reader names are the ones it uses (issue 39)', () => {
  const lists = named(['openBook.ts', 'EpubReader.tsx'])

  it('every dynamic import of a Readium package names its exports', () => {
    for (const file of ['openBook.ts', 'EpubReader.tsx', 'useReadiumNavigator.ts', 'pagerBridge.ts']) {
      const imports = [...read(file).matchAll(/import\(([^)]*@readium\/[^)]*)\)/g)].map(([, args]) => args!)
      for (const args of imports) expect([file, args.includes('webpackExports')]).toEqual([file, true])
    }
    expect([...lists.keys()].sort()).toEqual(['@readium/navigator', '@readium/shared'])
  })

  it("the models useReadiumNavigator takes from the shared package's namespace are named", () => {
    const used = new Set([...read('useReadiumNavigator.ts').matchAll(/\bshared\.(\w+)/g)].map(([, name]) => name!))
    expect(used.size).toBeGreaterThan(3)
    expect([...used].filter((name) => !lists.get('@readium/shared')?.has(name))).toEqual([])
  })

  it("the navigator's exports taken from the loaded module are named", () => {
    const used = new Set<string>()
    for (const file of ['useReadiumNavigator.ts', 'EpubReader.tsx'])
      for (const match of read(file).matchAll(/\[\{ ([\w, ]+) \}, shared|\.then\(\(\{ ([\w, ]+) \}\)/g))
        for (const name of (match[1] ?? match[2])!.split(',')) used.add(name.trim())
    expect([...used].sort()).toEqual(['EpubNavigator', 'EpubPreferences'])
    expect([...used].filter((name) => !lists.get('@readium/navigator')?.has(name))).toEqual([])
  })
})

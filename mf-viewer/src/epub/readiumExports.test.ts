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
  const lists = named(['openBook.ts'])

  it('every dynamic import of a Readium package names its exports', () => {
    // The page's book starter (bookStart.ts) imports Readium statically into its own file: its
    // names are kept by the bundler's tree shaking, not by a list.
    for (const file of ['openBook.ts', 'EpubReader.tsx', 'useReadiumNavigator.ts', 'pagerBridge.ts', 'bookOpening.ts']) {
      const imports = [...read(file).matchAll(/import\(([^)]*@readium\/[^)]*)\)/g)].map(([, args]) => args!)
      for (const args of imports) expect([file, args.includes('webpackExports')]).toEqual([file, true])
    }
    expect([...lists.keys()].sort()).toEqual(['@readium/navigator', '@readium/shared'])
  })

  // The reader uses Readium through ReadiumParts (bookOpening.ts), which picks the exports it may
  // use: TypeScript refuses any other. So its picks must be what the imports name.
  const picked = (namespace: string) => {
    const pick = new RegExp(`Pick<typeof ${namespace}, ([^>]+)>`).exec(read('bookOpening.ts'))?.[1] ?? ''
    return [...pick.matchAll(/'(\w+)'/g)].map(([, name]) => name!).sort()
  }

  it("the navigator's exports the reader may use are the ones its import names", () => {
    expect(picked('ReadiumNavigator')).toEqual(['EpubNavigator', 'EpubPreferences'])
    expect(picked('ReadiumNavigator')).toEqual([...(lists.get('@readium/navigator') ?? [])].sort())
  })

  it("the shared package's models the reader may use are the ones its import names", () => {
    expect(picked('ReadiumShared').length).toBeGreaterThan(3)
    expect(picked('ReadiumShared')).toEqual([...(lists.get('@readium/shared') ?? [])].sort())
  })
})

import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { minifySync } from '@swc/core'

interface ApiUse {
  file: string
  line: number
  column: number
  api: string
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { scanSource, checkBrowserApis, LATE_APIS } = require('./browser-apis.js') as {
  scanSource: (file: string, source: string) => { uses: ApiUse[]; installs: Set<string> }
  checkBrowserApis: (targets: string[]) => { files: number; uses: ApiUse[]; problems: ApiUse[] }
  LATE_APIS: Record<string, string>
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { POLYFILLS } = require('./polyfills.js') as { POLYFILLS: { modules: string[] }[] }

const coreJs = (name: string) =>
  fs.readFileSync(require.resolve(`core-js/modules/${name}.js`, { paths: [path.join(__dirname, '..', '..', 'shared-contracts')] }), 'utf8')
/** A core-js module as the browser build ships it: minified. */
const minified = (name: string) => minifySync(coreJs(name), { ecma: 2020, module: false }).code

describe('the browser API check (issue 34)', () => {
  it('finds every late built-in called, naming the file, line and column', () => {
    const source = [
      'var a = Object.hasOwn(o, "k");',
      'var b = list.at(-1);',
      'var c = list.findLast(f) + list.findLastIndex(f);',
      'var d = structuredClone(o);',
      'var e = globalThis.structuredClone(o);',
    ].join('\n')
    const { uses } = scanSource('chunk.js', source)
    expect(uses.map((use) => `${use.line}:${use.column} ${use.api}`)).toEqual([
      '1:8 Object.hasOwn',
      '2:8 Array.prototype.at',
      '2:8 String.prototype.at',
      '3:8 Array.prototype.findLast',
      '3:27 Array.prototype.findLastIndex',
      '4:8 structuredClone',
      '5:8 structuredClone',
    ])
    expect(new Set(uses.map((use) => use.api))).toEqual(new Set(Object.keys(LATE_APIS)))
    // A global the file tests for first (@hapi/hoek's clone) is called only where it exists; a
    // method named `at` with other arguments, or a property, is not one of them.
    expect(scanSource('hoek.js', 'var has = typeof structuredClone === "function"; has && structuredClone(o); x.at(1, 2); y.at;').uses).toEqual([])
  })

  it('recognises the polyfills core-js installs, as written and minified', () => {
    for (const [name, api] of [
      ['es.object.has-own', 'Object.hasOwn'],
      ['es.array.at', 'Array.prototype.at'],
      ['es.string.at-alternative', 'String.prototype.at'],
      ['es.array.find-last', 'Array.prototype.findLast'],
      ['es.array.find-last-index', 'Array.prototype.findLastIndex'],
      ['web.structured-clone', 'structuredClone'],
    ] as const) {
      expect(scanSource(`${name}.js`, coreJs(name)).installs).toContain(api)
      expect(scanSource(`${name}.min.js`, minified(name)).installs).toContain(api)
    }
  })

  it('fails on a call without its polyfill in the folder or in main.js, and passes once one is there', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-browser-apis-'))
    try {
      const viewer = path.join(root, 'mf-viewer')
      const other = path.join(root, 'mf-catalog')
      fs.mkdirSync(viewer)
      fs.mkdirSync(other)
      fs.writeFileSync(path.join(viewer, 'readium.js'), 'var first = pages.at(0);\nvar own = Object.hasOwn(first, "href");\n')
      // A polyfill in another remote's folder does not count: that remote may never load.
      fs.writeFileSync(path.join(other, 'chunk.js'), minified('es.array.at') + minified('es.object.has-own'))
      const failed = checkBrowserApis([root])
      expect(failed.problems.map((use) => `${path.relative(root, use.file)}:${use.line} ${use.api}`)).toEqual([
        'mf-viewer/readium.js:1 Array.prototype.at',
        'mf-viewer/readium.js:1 String.prototype.at',
        'mf-viewer/readium.js:2 Object.hasOwn',
      ])
      // In its own folder (a chunk loaded with it), or in the host's main.js, it does.
      fs.writeFileSync(path.join(viewer, 'polyfills.js'), minified('es.array.at') + minified('es.string.at-alternative'))
      fs.writeFileSync(path.join(root, 'main.js'), minified('es.object.has-own'))
      expect(checkBrowserApis([root]).problems).toEqual([])
    } finally {
      fs.rmSync(root, { recursive: true, force: true })
    }
  })

  it('polyfills only with core-js modules that exist', () => {
    for (const entry of POLYFILLS) for (const name of entry.modules) expect(coreJs(name)).toMatch(/\$\(\{/)
  })
})

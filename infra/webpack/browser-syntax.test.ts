import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { transformSync, type Options } from '@swc/core'

interface SyntaxProblem {
  file: string
  line: number
  column: number
  message: string
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { checkSource, checkBrowserSyntax } = require('./browser-syntax.js') as {
  checkSource: (file: string, source: string, sourceType?: 'script' | 'module') => SyntaxProblem[]
  checkBrowserSyntax: (targets: string[]) => { files: number; problems: SyntaxProblem[] }
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { dependencySwcOptions, browserTargets } = require('./targets.js') as {
  dependencySwcOptions: () => Options
  browserTargets: () => string[]
}

const root = path.join(__dirname, '..', '..')
const dependency = (request: string) => require.resolve(request, { paths: [path.join(root, 'host'), path.join(root, 'mf-viewer')] })

describe('the browser syntax check (issue 34)', () => {
  it('fails on class static blocks and logical assignment, naming the file, line and column', () => {
    const problems = checkSource('main.js', 'var a = 1;\nclass A { static { this.b = 1 } }\n')
    expect(problems).toEqual([{ file: 'main.js', line: 2, column: 17, message: expect.stringMatching(/^not ES2020: Unexpected token near .*static \{ this/) }])
    expect(checkSource('readium.js', 'let x;\nx ??= 1;')).toEqual([{ file: 'readium.js', line: 2, column: 4, message: expect.stringMatching(/^not ES2020/) }])
    expect(checkSource('fields.js', 'class A { b = 1 }')).toHaveLength(1)
  })

  it('fails on a regular expression lookbehind, which Safari before 16.4 cannot parse', () => {
    expect(checkSource('ops.js', 'var r = /(?<![a-z])x/;')).toEqual([{ file: 'ops.js', line: 1, column: 8, message: expect.stringMatching(/lookbehind/) }])
  })

  it('fails on a script carried in a string (a frame, worker or worklet script) that is newer than ES2020', () => {
    const injected = `window.readium = {};\n${'window.readium.x = 1;\n'.repeat(10)}window.readium.y ??= 2;\n`
    expect(checkSource('chunk.js', `var s = ${JSON.stringify(injected)};`)).toEqual([
      { file: 'chunk.js', line: 1, column: 8, message: expect.stringMatching(/a script in a string/) },
    ])
    // Long strings that are no program (text, CSS) or an ES2020 one pass.
    const css = `.a { color: red; }\n`.repeat(20)
    expect(checkSource('chunk.js', `var s = ${JSON.stringify(css)}, t = ${JSON.stringify(injected.replace('??=', '='))};`)).toEqual([])
  })

  it('passes ES2020 scripts and walks a version folder, leaving out its Node-only server build', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-syntax-'))
    try {
      fs.mkdirSync(path.join(dir, 'server'))
      fs.writeFileSync(path.join(dir, 'main.js'), 'var o = a?.b ?? c; async function f() { for await (const x of y) {} }')
      fs.writeFileSync(path.join(dir, 'server', 'host.js'), 'class A { static { } }')
      fs.writeFileSync(path.join(dir, 'main.js.map'), '{}')
      expect(checkBrowserSyntax([dir])).toEqual({ files: 1, problems: [] })
      fs.writeFileSync(path.join(dir, '8.abc.js'), 'a ||= b')
      expect(checkBrowserSyntax([dir]).problems.map((problem) => path.basename(problem.file))).toEqual(['8.abc.js'])
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('dependencies compiled for the browser targets (issue 34)', () => {
  it('reads the targets from .browserslistrc, Safari and iOS 14 included', () => {
    expect(browserTargets()).toEqual(expect.arrayContaining(['safari >= 14', 'ios_saf >= 14']))
  })

  it.each([
    ['intl-messageformat (class static blocks)', 'intl-messageformat'],
    ['@readium/shared (??=)', '@readium/shared'],
  ])('turns %s into syntax the check accepts', (_name, request) => {
    const file = dependency(request).replace(/index\.umd\.cjs$/, 'index.js')
    const source = fs.readFileSync(file, 'utf8')
    expect(checkSource(file, source, 'module')).not.toEqual([])
    const { code } = transformSync(source, { ...dependencySwcOptions(), filename: file })
    expect(checkSource(file, code, 'module')).toEqual([])
  })
})

import fs from 'node:fs'
import path from 'node:path'
import { parse } from 'acorn'
import { packageSources } from '../jest/packageSources'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const intlPatches = require('./intl-patches.js') as ((this: { resourcePath: string }, source: string) => string) & {
  CALLS: string[]
  FORMATTERS: [name: string, getter: string][]
  LOCALE_DATA_CHECKS: { find: string; replace: string }[]
  RESOLVE_LOCALE: { find: string; replace: string }
}

const root = path.join(__dirname, '../..')
const reactIntlFile = path.join(path.dirname(require.resolve('react-intl', { paths: [root] })), 'index.js')
const formatjsIntlFile = path.join(root, 'node_modules/@formatjs/intl/index.js')
const messageFormatFile = path.join(root, 'node_modules/intl-messageformat/index.js')

const parses = (code: string) => parse(code, { ecmaVersion: 'latest', sourceType: 'module' })

describe("what Koma never renders, out of react-intl's module (issue 34)", () => {
  it('marks each formatted-component call pure, once, in the version installed, which still parses', () => {
    const patched = intlPatches.call({ resourcePath: reactIntlFile }, fs.readFileSync(reactIntlFile, 'utf8'))
    for (const call of intlPatches.CALLS) {
      expect(patched.includes(call)).toBe(false)
      expect(patched.split(call.replace(' = ', ' = /* @__PURE__ */ ')).length - 1).toBe(1)
    }
    expect(() => parses(patched)).not.toThrow()
  })

  it('fails the build when a new version no longer has the code it edits', () => {
    expect(() => intlPatches.call({ resourcePath: 'index.js' }, 'export const nothing = 1')).toThrow(/matched 0 times/)
    expect(() => intlPatches.call({ resourcePath: '/x/@formatjs/intl/index.js' }, 'export const nothing = 1')).toThrow(/matched 0 times/)
  })
})

describe("what Koma never calls, out of @formatjs/intl's intl object (issue 34)", () => {
  const patched = intlPatches.call({ resourcePath: formatjsIntlFile }, fs.readFileSync(formatjsIntlFile, 'utf8'))

  it('leaves formatMessage bound and makes each other formatter the stand-in, in the version installed, which still parses', () => {
    expect(patched).toContain('formatMessage: formatMessage.bind(null, resolvedConfig, formatters)')
    for (const [name] of intlPatches.FORMATTERS) {
      expect(patched).not.toContain(`\t${name}: ${name}.bind(`)
      expect(patched.split(`\t\t${name}: komaNotBuiltIn\n`).length - 1 + patched.split(`\t\t${name}: komaNotBuiltIn,`).length - 1).toBe(1)
    }
    expect(() => parses(patched)).not.toThrow()
  })

  it('the stand-in fails loudly, naming the loader', () => {
    // The stand-in as the patched module defines it, run on its own.
    const stub = /function komaNotBuiltIn\(\) \{[\s\S]*?\n\}/.exec(patched)?.[0] ?? ''
    expect(stub).not.toBe('')
    const notBuiltIn = new Function(`${stub}; return komaNotBuiltIn`)() as () => never
    expect(() => notBuiltIn()).toThrow('[koma] this intl formatter is not built in (infra/webpack/intl-patches.js)')
  })

  it('no package calls a formatter the build leaves out', () => {
    const files = packageSources()
    expect(files.length).toBeGreaterThan(100)
    const calls: string[] = []
    for (const file of files) {
      const code = fs.readFileSync(file, 'utf8')
      for (const [name] of intlPatches.FORMATTERS) {
        // intl.formatNumber(…), useIntl().formatList(…), or taken out of an intl object: const { formatDate } = intl / useIntl()
        const called = new RegExp(`\\b(?:intl|useIntl\\(\\))\\s*\\??\\.\\s*${name}\\b`).test(code)
        const destructured = new RegExp(`\\{[^}]*\\b${name}\\b[^}]*\\}\\s*=\\s*(?:\\w*[iI]ntl\\w*|useIntl\\(\\))`).test(code)
        if (called || destructured) calls.push(`${path.relative(root, file)}: ${name}`)
      }
    }
    expect(calls).toEqual([])
  })
})

describe('no question to the browser about locale data before the first message (issue 39)', () => {
  it('createIntl asks nothing of Intl.NumberFormat or Intl.DateTimeFormat, and keeps its branch for a missing locale', () => {
    const source = fs.readFileSync(formatjsIntlFile, 'utf8')
    for (const check of intlPatches.LOCALE_DATA_CHECKS) expect(source.split(check.find).length - 1).toBe(1)
    const patched = intlPatches.call({ resourcePath: formatjsIntlFile }, source)
    const createIntl = patched.slice(patched.indexOf('function createIntl(config, cache) {'))
    const body = createIntl.slice(0, createIntl.indexOf('\n}\n'))
    expect(body).not.toContain('supportedLocalesOf')
    expect(body).toContain('"locale" was not configured')
    expect(body).toMatch(/resolvedConfig\.locale = resolvedConfig\.defaultLocale \|\| "en";\n\t\}\n\tverifyConfigMessages\(resolvedConfig\);/)
    expect(() => parses(patched)).not.toThrow()
  })

  it("IntlMessageFormat takes its locale as given, once, in the version installed, and the patched function gives the locale's Intl.Locale", () => {
    const source = fs.readFileSync(messageFormatFile, 'utf8')
    const patched = intlPatches.call({ resourcePath: messageFormatFile }, source)
    expect(source.split(intlPatches.RESOLVE_LOCALE.find).length - 1).toBe(1)
    expect(patched).not.toContain('supportedLocalesOf(locales);')
    expect(() => parses(patched)).not.toThrow()
    // The patched resolveLocale, run on its own.
    const resolve = /this\.resolveLocale = (\(locales\) => \{[\s\S]*?\n\t\t\});/.exec(patched)?.[1] ?? ''
    expect(resolve).not.toBe('')
    const resolveLocale = new Function(`return ${resolve}`)() as (locales: string | string[]) => Intl.Locale
    expect(String(resolveLocale('ja'))).toBe('ja')
    expect(String(resolveLocale(['fr', 'en']))).toBe('fr')
    expect(() => intlPatches.call({ resourcePath: messageFormatFile }, 'export const nothing = 1')).toThrow(/matched 0 times/)
  })
})

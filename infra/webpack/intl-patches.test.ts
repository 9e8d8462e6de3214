import fs from 'node:fs'
import path from 'node:path'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const intlPatches = require('./intl-patches.js') as ((this: { resourcePath: string }, source: string) => string) & { CALLS: string[] }

const file = path.join(path.dirname(require.resolve('react-intl', { paths: [path.join(__dirname, '../..')] })), 'index.js')

describe("what Koma never renders, out of react-intl's module (issue 34)", () => {
  it('marks each formatted-component call pure, once, in the version installed, which still parses', () => {
    const patched = intlPatches.call({ resourcePath: file }, fs.readFileSync(file, 'utf8'))
    for (const call of intlPatches.CALLS) {
      expect(patched.includes(call)).toBe(false)
      expect(patched.split(call.replace(' = ', ' = /* @__PURE__ */ ')).length - 1).toBe(1)
    }
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const acorn = require('acorn') as { parse: (text: string, options: object) => unknown }
    expect(() => acorn.parse(patched, { ecmaVersion: 'latest', sourceType: 'module' })).not.toThrow()
  })

  it('fails the build when a new version no longer has the code it edits', () => {
    expect(() => intlPatches.call({ resourcePath: 'index.js' }, 'export const nothing = 1')).toThrow(/matched 0 times/)
  })
})

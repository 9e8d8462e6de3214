import fs from 'node:fs'
import path from 'node:path'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const readiumPatches = require('./readium-patches.js') as ((this: { resourcePath: string }, source: string) => string) & {
  PATCHES: { find: string; replace: string }[]
}

// The ES module build webpack bundles (`import` condition), next to the CommonJS one Node resolves.
const dist = path.join(path.dirname(require.resolve('@readium/navigator', { paths: [path.join(__dirname, '../../mf-viewer')] })), 'index.js')

describe('fixes carried for @readium/navigator', () => {
  it('apply, each exactly once, to the version installed', () => {
    const source = fs.readFileSync(dist, 'utf8')
    const patched = readiumPatches.call({ resourcePath: dist }, source)
    for (const patch of readiumPatches.PATCHES) {
      expect(patched.split(patch.replace).length - 1).toBe(1)
      expect(patched.includes(patch.find)).toBe(false)
    }
  })

  it('fail the build when a new version no longer has the code they fix', () => {
    expect(() => readiumPatches.call({ resourcePath: 'index.js' }, 'export const nothing = 1')).toThrow(/matched 0 times/)
  })
})

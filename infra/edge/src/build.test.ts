import { promises as fs } from 'node:fs'
import path from 'node:path'
import { distBuiltAt, sourceState } from './build'
import { packageInfo } from './registry'
import { removeDir, tempDir } from './test/fixtures'

let root: string

async function put(rel: string, content: string): Promise<void> {
  await fs.mkdir(path.dirname(path.join(root, rel)), { recursive: true })
  await fs.writeFile(path.join(root, rel), content)
}

beforeEach(async () => {
  root = await tempDir()
  await put('mf-catalog/src/routes.ts', 'export const routes = []')
  await put('mf-catalog/webpack.config.js', 'module.exports = {}')
  await put('shared-contracts/src/index.ts', 'export {}')
  await put('infra/webpack/index.js', 'module.exports = {}')
  await put('package-lock.json', '{}')
  await put('.browserslistrc', 'safari >= 14')
})
afterEach(() => removeDir(root))

describe('sourceState', () => {
  it('changes with the package, the contracts, the webpack config, the lockfile and the browser targets', async () => {
    const catalog = packageInfo('mf-catalog')
    const base = await sourceState(root, catalog)
    for (const [file, content] of [
      ['mf-catalog/src/routes.ts', 'export const routes = [1]'],
      ['shared-contracts/src/index.ts', 'export const x = 1'],
      ['infra/webpack/index.js', 'module.exports = { mode: 1 }'],
      ['package-lock.json', '{"v":2}'],
      ['.browserslistrc', 'safari >= 15'],
    ] as const) {
      const before = await sourceState(root, catalog)
      await put(file, content)
      const after = await sourceState(root, catalog)
      expect([file, after.hash === before.hash]).toEqual([file, false])
    }
    expect(base.newestMtimeMs).toBeGreaterThan(0)
  })

  it('ignores tests, build output, node_modules and other packages', async () => {
    const catalog = packageInfo('mf-catalog')
    const before = await sourceState(root, catalog)
    await put('mf-catalog/src/routes.test.ts', 'test')
    await put('mf-catalog/dist/remoteEntry.js', 'built')
    await put('mf-catalog/node_modules/x/index.js', 'dep')
    await put('mf-viewer/src/index.ts', 'other package')
    await put('shared-contracts/src/rules.test.ts', 'test')
    expect((await sourceState(root, catalog)).hash).toBe(before.hash)
  })
})

describe('distBuiltAt', () => {
  it('is the entry file time, or null without a build', async () => {
    const catalog = packageInfo('mf-catalog')
    const dist = path.join(root, 'mf-catalog', 'dist')
    expect(await distBuiltAt(dist, catalog)).toBeNull()
    await put('mf-catalog/dist/remoteEntry.js', 'built')
    expect(await distBuiltAt(dist, catalog)).toBeGreaterThan(0)
    expect(await distBuiltAt(dist, packageInfo('host'))).toBeNull()
  })
})

import { promises as fs } from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { containerName } from '@koma/contracts/remotes'
import { allFiles, makeHostDist, makeRemoteDist, removeDir, stepClock, tempDir } from '../test/fixtures'
import { listVersions, prune, publish, readDeployments, readRegistry, rollback, HOST_BASE_PLACEHOLDER } from './index'

let root: string
let edgeDir: string
let dist: string
let clock: () => Date

beforeEach(async () => {
  root = await tempDir()
  edgeDir = path.join(root, 'edge')
  dist = path.join(root, 'dist')
  clock = stepClock()
})
afterEach(() => removeDir(root))

const deploy = async (pkg: string, label: string, options: { force?: boolean } = {}) => {
  if (pkg === 'host') await makeHostDist(dist, label)
  else await makeRemoteDist(dist, containerName(pkg), label)
  return publish(edgeDir, pkg, dist, { now: clock, ...options })
}

const VERSION = /^\d{14}-[0-9a-f]{8}$/

describe('publish', () => {
  it('copies the dist into a version folder, precompresses it and points the registry at it', async () => {
    const result = await deploy('mf-catalog', 'A')
    expect(result).toMatchObject({ package: 'mf-catalog', status: 'deployed', previous: null, reused: false })
    expect(result.version).toMatch(VERSION)
    expect(result.version.startsWith('20261122093000-')).toBe(true)

    const registry = await readRegistry(edgeDir)
    expect(registry).toEqual({
      remotes: {
        mf_catalog: { version: result.version, entry: `/remotes/mf-catalog/${result.version}/mf-manifest.json` },
      },
    })

    const folder = path.join(edgeDir, 'remotes', 'mf-catalog', result.version)
    const files = await allFiles(folder)
    for (const file of [
      'remoteEntry.js',
      'remoteEntry.js.map',
      'mf-manifest.json',
      'mf-stats.json',
      'src_routes_ts.1a2b3c4d.js',
      'tiny.9f8e7d6c.js',
      'assets/logo.5e5e5e5e.png',
    ]) {
      expect(files).toContain(file)
      expect(await fs.readFile(path.join(folder, file))).toEqual(await fs.readFile(path.join(dist, file)))
    }
    // Large text files get both siblings, and they decompress to the original.
    for (const file of ['remoteEntry.js', 'src_routes_ts.1a2b3c4d.js']) {
      const original = await fs.readFile(path.join(folder, file))
      expect(zlib.gunzipSync(await fs.readFile(path.join(folder, `${file}.gz`)))).toEqual(original)
      expect(zlib.brotliDecompressSync(await fs.readFile(path.join(folder, `${file}.br`)))).toEqual(original)
    }
    // Small files, maps and images are left alone.
    expect(files).not.toContain('tiny.9f8e7d6c.js.gz')
    expect(files).not.toContain('remoteEntry.js.map.br')
    expect(files).not.toContain('assets/logo.5e5e5e5e.png.gz')
  })

  it('pins the host base placeholder to the version folder', async () => {
    const result = await deploy('host', 'A')
    const registry = await readRegistry(edgeDir)
    expect(registry?.host).toEqual({ version: result.version, base: `/host/${result.version}/` })
    const folder = path.join(edgeDir, 'host', result.version)
    const html = await fs.readFile(path.join(folder, 'index.html'), 'utf8')
    expect(html).not.toContain(HOST_BASE_PLACEHOLDER)
    expect(html).toContain(`<script defer src="/host/${result.version}/main.js">`)
    expect(html).toContain(`href="/host/${result.version}/remoteEntry.js"`)
    expect(html).not.toContain('//main.js')
    // The precompressed page carries the rewritten text too.
    expect(zlib.brotliDecompressSync(await fs.readFile(path.join(folder, 'index.html.br'))).toString()).toBe(html)
    // The source dist is untouched.
    expect(await fs.readFile(path.join(dist, 'index.html'), 'utf8')).toContain(HOST_BASE_PLACEHOLDER)
  })

  it('reports identical content as unchanged and keeps one version, unless forced', async () => {
    const first = await deploy('mf-viewer', 'A')
    const again = await deploy('mf-viewer', 'A')
    expect(again).toMatchObject({ status: 'unchanged', version: first.version })
    let [listed] = await listVersions(edgeDir, 'mf-viewer')
    expect(listed?.versions).toHaveLength(1)

    const forced = await deploy('mf-viewer', 'A', { force: true })
    expect(forced.status).toBe('deployed')
    expect(forced.version).not.toBe(first.version)
    expect(forced.version.slice(-8)).toBe(first.version.slice(-8)) // same content hash
    ;[listed] = await listVersions(edgeDir, 'mf-viewer')
    expect(listed?.versions).toHaveLength(2)
  })

  it('gives a forced republish within the same second a version of its own, canary included', async () => {
    const second = () => new Date('2026-11-22T09:30:00.250Z')
    await makeRemoteDist(dist, 'mf_viewer', 'A')
    const first = await publish(edgeDir, 'mf-viewer', dist, { now: second })
    const forced = await publish(edgeDir, 'mf-viewer', dist, { now: second, force: true })
    expect(forced).toMatchObject({ status: 'deployed', previous: first.version })
    expect(forced.version).not.toBe(first.version)
    expect(forced.version.slice(-8)).toBe(first.version.slice(-8))

    const canary = await publish(edgeDir, 'mf-viewer', dist, { now: second, force: true, canaryShare: 10 })
    expect(canary.version).not.toBe(forced.version)
    expect(canary.previous).toBe(forced.version)
    const [listed] = await listVersions(edgeDir, 'mf-viewer')
    expect(listed?.versions).toHaveLength(3)
    for (const { version } of listed?.versions ?? [])
      await expect(fs.stat(path.join(edgeDir, 'remotes', 'mf-viewer', version, 'remoteEntry.js'))).resolves.toBeTruthy()
  })

  it('remembers the source hash on an unchanged publish', async () => {
    await makeRemoteDist(dist, 'mf_catalog', 'A')
    await publish(edgeDir, 'mf-catalog', dist, { now: clock })
    const result = await publish(edgeDir, 'mf-catalog', dist, { now: clock, sourceHash: 'abc' })
    expect(result.status).toBe('unchanged')
    const deployments = await readDeployments(edgeDir)
    expect(deployments.packages['mf-catalog']?.versions[0]?.sourceHash).toBe('abc')
  })

  it('refuses unknown packages and folders that are not a build', async () => {
    await makeRemoteDist(dist, 'mf_catalog', 'A')
    await expect(publish(edgeDir, 'mf-nope', dist)).rejects.toThrow(/Unknown package "mf-nope".*host.*mf-catalog|mf-catalog.*host/)
    await fs.rm(path.join(dist, 'remoteEntry.js'))
    await expect(publish(edgeDir, 'mf-catalog', dist)).rejects.toThrow(/no build to publish.*remoteEntry\.js/)
    await expect(publish(edgeDir, 'host', path.join(root, 'missing'))).rejects.toThrow(/index\.html is missing/)
  })

  it('keeps packages independent and survives concurrent publishes', async () => {
    const a = path.join(root, 'a')
    const b = path.join(root, 'b')
    await makeRemoteDist(a, 'mf_account', 'A')
    await makeRemoteDist(b, 'mf_payments', 'B')
    const [ra, rb] = await Promise.all([publish(edgeDir, 'mf-account', a), publish(edgeDir, 'mf-payments', b)])
    const registry = await readRegistry(edgeDir)
    expect(registry?.remotes.mf_account?.version).toBe(ra.version)
    expect(registry?.remotes.mf_payments?.version).toBe(rb.version)
  })

  it('writes registry and history atomically: no temporary files or lock left behind', async () => {
    await deploy('mf-catalog', 'A')
    await deploy('mf-catalog', 'B')
    await deploy('host', 'A')
    await rollback(edgeDir, 'mf-catalog')
    const files = await allFiles(edgeDir)
    expect(files.filter((f) => /\.tmp|(^|\/)\.tmp-|\.lock/.test(f))).toEqual([])
    expect(files).toEqual(expect.arrayContaining(['registry.json', 'deployments.json']))
    // Both are complete JSON documents.
    expect(JSON.parse(await fs.readFile(path.join(edgeDir, 'registry.json'), 'utf8'))).toHaveProperty('remotes')
    expect(JSON.parse(await fs.readFile(path.join(edgeDir, 'deployments.json'), 'utf8'))).toHaveProperty('packages')
  })
})

describe('rollback and versions', () => {
  it('deploy A, deploy B, rollback: A is live again and both are listed', async () => {
    const a = await deploy('mf-catalog', 'A')
    const b = await deploy('mf-catalog', 'B')
    expect(b).toMatchObject({ status: 'deployed', previous: a.version })

    const back = await rollback(edgeDir, 'mf-catalog', clock)
    expect(back).toEqual({ package: 'mf-catalog', version: a.version, previous: b.version })
    expect((await readRegistry(edgeDir))?.remotes.mf_catalog?.version).toBe(a.version)

    const [listed] = await listVersions(edgeDir, 'mf-catalog')
    expect(listed?.current).toBe(a.version)
    expect(listed?.versions.map((v) => [v.version, v.live])).toEqual([
      [b.version, false],
      [a.version, true],
    ])
    expect(listed?.versions[0]?.deployedAt).toBe('2026-11-22T09:31:00.000Z')

    // B's files stay: a rollback never deletes.
    expect(await fs.stat(path.join(edgeDir, 'remotes', 'mf-catalog', b.version, 'remoteEntry.js'))).toBeTruthy()
    const events = (await readDeployments(edgeDir)).packages['mf-catalog']?.events
    expect(events?.map((e) => e.action)).toEqual(['deploy', 'deploy', 'rollback'])
  })

  it('errors clearly when there is nothing to roll back to', async () => {
    await expect(rollback(edgeDir, 'mf-viewer')).rejects.toThrow('mf-viewer has never been deployed')
    const a = await deploy('mf-viewer', 'A')
    await expect(rollback(edgeDir, 'mf-viewer')).rejects.toThrow(`no earlier version to roll back to (${a.version}`)
    await deploy('mf-viewer', 'B')
    await rollback(edgeDir, 'mf-viewer')
    await expect(rollback(edgeDir, 'mf-viewer')).rejects.toThrow(/no earlier version/)
    expect((await readRegistry(edgeDir))?.remotes.mf_viewer?.version).toBe(a.version)
    await expect(rollback(edgeDir, 'nope')).rejects.toThrow(/Unknown package "nope"/)
  })

  it('rolls back step by step, and a later deploy continues from the live version', async () => {
    const a = await deploy('mf-community', 'A')
    const b = await deploy('mf-community', 'B')
    const c = await deploy('mf-community', 'C')
    expect((await rollback(edgeDir, 'mf-community')).version).toBe(b.version)
    expect((await rollback(edgeDir, 'mf-community')).version).toBe(a.version)

    const d = await deploy('mf-community', 'D')
    expect(d.previous).toBe(a.version)
    const [listed] = await listVersions(edgeDir, 'mf-community')
    expect(listed?.versions.find((v) => v.rollbackTarget)?.version).toBe(a.version)
    expect((await rollback(edgeDir, 'mf-community')).version).toBe(a.version)
    expect(listed?.versions.map((v) => v.version)).toEqual([d.version, c.version, b.version, a.version])
  })

  it('makes an earlier identical build live again instead of copying it', async () => {
    const a = await deploy('mf-payments', 'A')
    await deploy('mf-payments', 'B')
    const again = await deploy('mf-payments', 'A')
    expect(again).toMatchObject({ status: 'deployed', version: a.version, reused: true })
    const [listed] = await listVersions(edgeDir, 'mf-payments')
    expect(listed?.versions).toHaveLength(2)
    expect(listed?.current).toBe(a.version)
    expect(listed?.versions[0]).toMatchObject({ version: a.version, live: true, deployedAt: '2026-11-22T09:32:00.000Z' })
    // ...and rollback from there goes to B, the version live before.
    expect((await rollback(edgeDir, 'mf-payments')).version).not.toBe(a.version)
  })

  it('lists every package when none is named', async () => {
    await deploy('host', 'A')
    const all = await listVersions(edgeDir)
    expect(all.map((p) => p.package)).toEqual(['mf-catalog', 'mf-viewer', 'mf-account', 'mf-payments', 'mf-community', 'mf-ops', 'host'])
    expect(all.find((p) => p.package === 'host')?.versions).toHaveLength(1)
    expect(all.find((p) => p.package === 'mf-catalog')).toEqual({ package: 'mf-catalog', current: null, versions: [] })
  })
})

describe('prune', () => {
  it('keeps the latest versions, the live one and its rollback target, deleting older folders', async () => {
    const versions: string[] = []
    for (const label of ['A', 'B', 'C', 'D', 'E']) versions.push((await deploy('mf-viewer', label)).version)
    await rollback(edgeDir, 'mf-viewer')
    await rollback(edgeDir, 'mf-viewer') // C live, B the rollback target
    const removed = await prune(edgeDir, 'mf-viewer', 2)
    expect(removed['mf-viewer']).toEqual([versions[0]])
    const [listed] = await listVersions(edgeDir, 'mf-viewer')
    expect(listed?.versions.map((v) => v.version)).toEqual([versions[4], versions[3], versions[2], versions[1]])
    expect(listed?.current).toBe(versions[2])
    const folders = await fs.readdir(path.join(edgeDir, 'remotes', 'mf-viewer'))
    expect(folders.sort()).toEqual(versions.slice(1).sort())
    expect((await rollback(edgeDir, 'mf-viewer')).version).toBe(versions[1])
  })

  it('publish keeps ten versions by default', async () => {
    for (let i = 0; i < 12; i++) await deploy('mf-account', `v${i}`)
    const [listed] = await listVersions(edgeDir, 'mf-account')
    expect(listed?.versions).toHaveLength(10)
    expect(await fs.readdir(path.join(edgeDir, 'remotes', 'mf-account'))).toHaveLength(10)
  })
})

import { promises as fs } from 'node:fs'
import { createRequire, isBuiltin } from 'node:module'
import path from 'node:path'
import vm from 'node:vm'
import { remoteFolder, type HostServerBuild, type RemoteName } from '@koma/contracts/server'

/** The folder of a version that holds its server build (infra/webpack serverConfig): the edge's to run, never served. */
export const SERVER_FOLDER = 'server'
/** A server build's file: the host's and each remote's. */
export const HOST_SERVER_FILE = path.join(SERVER_FOLDER, 'host.js')
export const REMOTE_SERVER_FILE = path.join(SERVER_FOLDER, 'remote.js')

const nodeRequire = createRequire(__filename)

/**
 * Runs a CommonJS file with the `require` given: Node's built-in modules, and for a remote the
 * host's shared libraries by name. Anything else is refused: a server build bundles what it needs.
 */
async function runCommonJs(file: string, provided: Readonly<Record<string, unknown>>): Promise<unknown> {
  const code = await fs.readFile(file, 'utf8')
  const require = (id: string): unknown => {
    if (Object.hasOwn(provided, id)) return provided[id]
    if (isBuiltin(id)) return nodeRequire(id)
    throw new Error(`${file} asks for "${id}", which a server build must bundle or take from the host`)
  }
  const module = { exports: {} as unknown }
  const run = vm.compileFunction(code, ['exports', 'require', 'module', '__filename', '__dirname'], { filename: file })
  run.call(module.exports, module.exports, require, module, file, path.dirname(file))
  return module.exports
}

/**
 * A small cache of promises, the oldest dropped first. A version without a server build stays
 * null (version folders are immutable); a load that failed is forgotten and tried again.
 */
class Kept<T> {
  private readonly entries = new Map<string, Promise<T | null>>()

  constructor(
    private readonly size: number,
    private readonly failed: (key: string, err: unknown) => void,
  ) {}

  get(key: string, load: () => Promise<T | null>): Promise<T | null> {
    let entry = this.entries.get(key)
    if (!entry) {
      const loading = load()
      entry = loading.catch(() => null)
      loading.catch((err: unknown) => {
        this.failed(key, err)
        if (this.entries.get(key) === entry) this.entries.delete(key)
      })
      if (this.entries.size >= this.size) this.entries.delete(this.entries.keys().next().value as string)
      this.entries.set(key, entry)
    }
    return entry
  }
}

/**
 * The published versions' server builds (issue 13), loaded once per version (version folders
 * are immutable). A remote's build runs against one host version's shared libraries, as in the
 * browser, so it is kept per host version. A version without a server build (built before
 * them) gives null: its pages are drawn by the browser, as before.
 */
export class ServerBuilds {
  /** A rollback flips between two host versions. */
  private readonly hosts: Kept<HostServerBuild>
  /** A canary and its live version, for a few remotes. */
  private readonly remotes: Kept<Record<string, unknown>>

  constructor(
    private readonly edgeDir: string,
    log?: { warn: (obj: object, msg: string) => void },
  ) {
    const failed = (version: string, err: unknown) => log?.warn({ err, version }, 'a server build could not be loaded: its pages are drawn by the browser')
    this.hosts = new Kept(2, failed)
    this.remotes = new Kept(12, failed)
  }

  host(version: string): Promise<HostServerBuild | null> {
    const file = path.join(this.edgeDir, 'host', path.basename(version), HOST_SERVER_FILE)
    return this.hosts.get(version, async () => {
      if (!(await exists(file))) return null
      const build = (await runCommonJs(file, {})) as Partial<HostServerBuild>
      if (typeof build.renderPage !== 'function' || typeof build.SHARED !== 'object' || build.SHARED === null)
        throw new Error(`${file} is not a host server build`)
      return build as HostServerBuild
    })
  }

  /** The remote's exposed modules by name (`./routes`), running on this host version's shared libraries. */
  remote(name: RemoteName, version: string, hostVersion: string, host: HostServerBuild): Promise<Record<string, unknown> | null> {
    const file = path.join(this.edgeDir, 'remotes', remoteFolder(name), path.basename(version), REMOTE_SERVER_FILE)
    return this.remotes.get(`${hostVersion}|${name}@${version}`, async () => {
      if (!(await exists(file))) return null
      return { './routes': await runCommonJs(file, host.SHARED) }
    })
  }
}

async function exists(file: string): Promise<boolean> {
  return fs.stat(file).then(
    (stat) => stat.isFile(),
    () => false,
  )
}

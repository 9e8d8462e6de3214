import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime'
import { readableWhenDone, ServerRenderMiss, type RemoteName } from '@koma/contracts'
import { fetchRegistry, remotesOf, type Registry } from './registry'

/** A remote's module could not be loaded (manifest, entry or chunk): not an error of its code. */
export class RemoteLoadError extends Error {
  constructor(
    readonly remote: RemoteName,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
    this.name = 'RemoteLoadError'
  }
}

/**
 * Loads remotes' exposed modules. Nothing is fetched until a module is asked for, so the first
 * page downloads only the remote that owns it. A page keeps the versions it started with; only a
 * retry after a failure looks at the registry again (a rollback may have fixed the problem).
 */
export class RemoteLoader {
  private registry: Registry = { remotes: {} }
  private readonly modules = new Map<string, Promise<unknown>>()
  /** Remotes this page has run code of, with the version it loaded. */
  private readonly used = new Map<RemoteName, string>()
  private ready: Promise<void> = Promise.resolve()

  constructor(private readonly fetchRegistryImpl: (revalidate: boolean) => Promise<Registry> = (revalidate) => fetchRegistry({ revalidate })) {}

  /** Loads started before the registry arrived wait for it. */
  whenReady(ready: Promise<void>): void {
    this.ready = ready
  }

  async start(): Promise<void> {
    try {
      this.registry = await this.fetchRegistryImpl(false)
    } catch (error) {
      // Without a registry every remote area shows its retry panel; the shell still works.
      console.error('[host] could not read /registry.json', error)
      this.registry = { remotes: {} }
    }
    registerRemotes(remotesOf(this.registry))
  }

  /** The shell's version and that of every remote this page has loaded (what a new build would replace). */
  running(): { host: string | null; remotes: Partial<Record<RemoteName, string>> } {
    return { host: this.registry.host?.version ?? null, remotes: Object.fromEntries(this.used) }
  }

  versionOf(remote: RemoteName): string | null {
    return this.registry.remotes[remote]?.version ?? null
  }

  /**
   * The edge drawing a page (issue 13, server/render.tsx): this page's registry, and the modules
   * of the remotes it renders, which the edge loaded from their server builds. Nothing else
   * loads; a module it did not give fails (that area is drawn in the browser).
   */
  serve(registry: Registry, modules: Partial<Record<RemoteName, Record<string, unknown>>>): void {
    this.registry = registry
    this.ready = Promise.resolve()
    this.modules.clear()
    this.used.clear()
    this.served = modules
  }

  private served: Partial<Record<RemoteName, Record<string, unknown>>> | null = null

  load<T>(remote: RemoteName, module: string): Promise<T> {
    const id = `${remote}/${module.replace(/^\.\//, '')}`
    let promise = this.modules.get(id) as Promise<T> | undefined
    if (!promise && this.served) {
      const served = this.served[remote]?.[module]
      // What the edge did not give is drawn by the browser (React renders that area's fallback).
      promise = readableWhenDone(served ? Promise.resolve(served as T) : Promise.reject(new ServerRenderMiss(`${id}`)))
      promise.catch(() => undefined)
      this.modules.set(id, promise)
    }
    if (!promise) {
      // Readable at once when done: a dialog preloaded before its tap renders without suspending.
      promise = readableWhenDone(
        (async () => {
          await this.ready
          if (!this.registry.remotes[remote]) throw new Error(`${remote} is not in the registry`)
          const version = this.registry.remotes[remote]?.version
          let loaded: T | null
          try {
            loaded = await loadRemote<T>(id)
          } catch (error) {
            throw new RemoteLoadError(remote, `${id} could not be loaded`, { cause: error })
          }
          if (!loaded) throw new RemoteLoadError(remote, `${id} could not be loaded`)
          if (version) this.used.set(remote, version)
          return loaded
        })(),
      )
      promise.catch(() => this.modules.delete(id))
      this.modules.set(id, promise)
    }
    return promise
  }

  /** After a failure: read the registry again and re-register that remote from scratch. */
  async reset(remote: RemoteName): Promise<void> {
    for (const key of [...this.modules.keys()]) if (key.startsWith(`${remote}/`)) this.modules.delete(key)
    try {
      this.registry = await this.fetchRegistryImpl(true)
    } catch {
      /* keep what we had */
    }
    const entry = remotesOf(this.registry).find((candidate) => candidate.name === remote)
    if (entry) registerRemotes([entry], { force: true })
  }
}

export const remoteLoader = new RemoteLoader()

import { createHash, randomBytes } from 'node:crypto'
import { promises as fs } from 'node:fs'
import path from 'node:path'

/**
 * Writes a file so that readers see either the old or the new content, never a half-written
 * one: write a temporary sibling, flush it, then rename over the target (atomic on POSIX).
 */
export async function writeFileAtomic(file: string, content: string | Buffer): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true })
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
  try {
    const handle = await fs.open(temp, 'w', 0o644)
    try {
      await handle.writeFile(content)
      await handle.sync()
    } finally {
      await handle.close()
    }
    await fs.rename(temp, file)
  } catch (error) {
    await fs.rm(temp, { force: true })
    throw error
  }
}

export async function writeJsonAtomic(file: string, value: unknown): Promise<void> {
  await writeFileAtomic(file, `${JSON.stringify(value, null, 2)}\n`)
}

export async function readJson<T>(file: string): Promise<T | null> {
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as T
  } catch (error) {
    if (isNotFound(error)) return null
    throw new Error(`Cannot read ${file}: ${(error as Error).message}`)
  }
}

export function isNotFound(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code
  return code === 'ENOENT' || code === 'ENOTDIR'
}

export async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file)
    return true
  } catch {
    return false
  }
}

/** Every regular file under `dir`, as sorted forward-slash relative paths. */
export async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = []
  const walk = async (relative: string): Promise<void> => {
    const entries = await fs.readdir(path.join(dir, relative), { withFileTypes: true })
    for (const entry of entries) {
      const rel = relative ? `${relative}/${entry.name}` : entry.name
      if (entry.isDirectory()) await walk(rel)
      else if (entry.isFile()) out.push(rel)
    }
  }
  await walk('')
  return out.sort()
}

/** sha256 over every file's relative path and content: equal hashes mean equal dist folders. */
export async function hashFiles(dir: string, files: readonly string[], salt = ''): Promise<string> {
  const hash = createHash('sha256').update(salt)
  for (const rel of files) {
    const content = await fs.readFile(path.join(dir, rel))
    hash.update(`${rel}\0${content.length}\0`)
    hash.update(content)
  }
  return hash.digest('hex')
}

/** Runs `tasks` with at most `limit` in flight. */
export async function inParallel<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  // One iterator shared by every worker: each takes the next item nobody has taken.
  const queue = items.values()
  const worker = async (): Promise<void> => {
    for (const item of queue) await task(item)
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker))
}

const LOCK_STALE_MS = 10 * 60 * 1000

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Serialises registry updates between processes (a deploy while `npm start` publishes, two
 * terminals). A lock whose owner died, or that is older than ten minutes, is taken over.
 */
export async function withLock<T>(edgeDir: string, action: () => Promise<T>, timeoutMs = 60_000): Promise<T> {
  await fs.mkdir(edgeDir, { recursive: true })
  const lock = path.join(edgeDir, '.lock')
  const started = Date.now()
  for (;;) {
    try {
      const handle = await fs.open(lock, 'wx')
      await handle.writeFile(JSON.stringify({ pid: process.pid, at: new Date().toISOString() }))
      await handle.close()
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = await readJson<{ pid?: number; at?: string }>(lock).catch(() => null)
      const stat = await fs.stat(lock).catch(() => null)
      const stale = !stat || Date.now() - stat.mtimeMs > LOCK_STALE_MS || (typeof owner?.pid === 'number' && !processIsAlive(owner.pid))
      if (stale) {
        await fs.rm(lock, { force: true })
        continue
      }
      if (Date.now() - started > timeoutMs) {
        throw new Error(`Another deploy is running (pid ${owner?.pid ?? '?'}, lock ${lock}); try again when it ends`)
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  try {
    return await action()
  } finally {
    await fs.rm(lock, { force: true })
  }
}

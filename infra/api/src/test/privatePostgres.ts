import { execFile, execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { freePort } from './processes'

/**
 * A PostgreSQL server of a test's own (issue 18's fault test restarts it for real, which the
 * shared server on 127.0.0.1:5432 of the other test lanes must never be): `initdb` into a
 * temporary folder, trust authentication on 127.0.0.1 only, fsync off and small buffers (it
 * lives for one test file). PostgreSQL refuses to run as root, so under root (CI, this image)
 * initdb and pg_ctl run as the `postgres` OS user through `runuser`.
 */
export interface PrivatePostgres {
  /** The superuser's URL (postgres://postgres@127.0.0.1:<port>/postgres), to create databases on it. */
  adminUrl: string
  port: number
  /**
   * Stop it the way a crash does: `pg_ctl stop -m immediate`. Every backend is ended at once, the
   * transactions in flight are lost with their connections, no shutdown checkpoint is written,
   * and new connections are refused until `start` (which recovers from the WAL first).
   */
  crash(): Promise<void>
  /** Start it again and wait until it accepts connections (`pg_ctl start -w`). */
  start(): Promise<void>
  /** Stop it (if it runs) and delete its folder. Safe to call more than once, and after a failure. */
  remove(): Promise<void>
}

const run = promisify(execFile)

const INSTALL_HINT = 'Install the PostgreSQL server (Debian/Ubuntu: `apt-get install postgresql`).'

/** Where initdb and pg_ctl are: `pg_config --bindir`, else the newest /usr/lib/postgresql/<version>/bin. */
export function postgresBinDir(): string {
  const candidates: string[] = []
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim())
  } catch {
    /* no pg_config on the PATH */
  }
  const versions = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql') : []
  versions.sort((a, b) => Number(b) - Number(a) || b.localeCompare(a))
  candidates.push(...versions.map((version) => path.join('/usr/lib/postgresql', version, 'bin')))
  const found = candidates.find((dir) => ['initdb', 'pg_ctl', 'postgres'].every((name) => fs.existsSync(path.join(dir, name))))
  if (!found)
    throw new Error(
      `This test runs a PostgreSQL server of its own and found no server binaries (initdb, pg_ctl, postgres) ` +
        `in ${candidates.length ? candidates.join(', ') : '`pg_config --bindir` or /usr/lib/postgresql/*/bin'}. ${INSTALL_HINT}`,
    )
  return found
}

/** How to run a server binary: as the `postgres` OS user when we are root, else as ourselves. */
function commandRunner(): { owner: { uid: number; gid: number } | null; command: (binary: string, args: string[]) => [string, string[]] } {
  if (process.getuid?.() !== 0) return { owner: null, command: (binary, args) => [binary, args] }
  const runuser = ['/usr/sbin/runuser', '/sbin/runuser', '/usr/bin/runuser', '/bin/runuser'].find((file) => fs.existsSync(file))
  if (!runuser)
    throw new Error(
      'PostgreSQL refuses to run as root, and `runuser` (to run it as the postgres user) is missing: install util-linux (`apt-get install util-linux`).',
    )
  let owner: { uid: number; gid: number }
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim())
    owner = { uid: id('-u'), gid: id('-g') }
  } catch {
    throw new Error(`PostgreSQL refuses to run as root, and there is no \`postgres\` OS user to run it as. ${INSTALL_HINT} (It creates that user.)`)
  }
  return { owner, command: (binary, args) => [runuser, ['-u', 'postgres', '--', binary, ...args]] }
}

/** Create, configure and start a private server on a free port. */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinDir()
  const { owner, command } = commandRunner()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-pg-'))
  const data = path.join(dir, 'data')
  const log = path.join(dir, 'server.log')
  if (owner) fs.chownSync(dir, owner.uid, owner.gid)

  const pgCtl = async (args: string[]) => {
    const [file, argv] = command(path.join(bin, 'pg_ctl'), ['-D', data, ...args])
    try {
      await run(file, argv, { timeout: 60_000 })
    } catch (error) {
      const tail = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').slice(-3000) : ''
      throw new Error(`pg_ctl ${args.join(' ')} failed: ${(error as Error).message}\n${tail}`)
    }
  }
  let running = false
  const stopNow = async () => {
    if (!running) return
    await pgCtl(['stop', '-m', 'immediate', '-w'])
    running = false
  }
  const remove = async () => {
    try {
      await stopNow()
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }

  try {
    const port = await freePort()
    const [file, argv] = command(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '--encoding=UTF8', '--locale=C'])
    await run(file, argv, { timeout: 60_000 })
    // Only 127.0.0.1 (and this folder's socket) can reach it, so trust is as safe as the machine.
    fs.writeFileSync(path.join(data, 'pg_hba.conf'), 'local all all trust\nhost all all 127.0.0.1/32 trust\n')
    fs.appendFileSync(
      path.join(data, 'postgresql.conf'),
      [
        `port = ${port}`,
        `listen_addresses = '127.0.0.1'`,
        `unix_socket_directories = '${dir}'`,
        // It lives for one test file: nothing has to survive a power cut (a crash of the server
        // process is still recovered, from the WAL the kernel holds).
        'fsync = off',
        'full_page_writes = off',
        'shared_buffers = 16MB',
        '',
      ].join('\n'),
    )
    if (owner) {
      fs.chownSync(path.join(data, 'pg_hba.conf'), owner.uid, owner.gid)
      fs.chownSync(path.join(data, 'postgresql.conf'), owner.uid, owner.gid)
    }
    const start = async () => {
      await pgCtl(['start', '-w', '-t', '30', '-l', log])
      running = true
    }
    await start()
    return { adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`, port, crash: stopNow, start, remove }
  } catch (error) {
    await remove().catch(() => undefined)
    throw error
  }
}

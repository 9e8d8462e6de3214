// Small helpers for the start and test scripts. Plain Node: these run before dependencies exist.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
export const bin = (name) => path.join(root, 'node_modules', '.bin', name)

/** Run a command to completion with inherited output; returns its exit code. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options, env: { ...process.env, ...options.env } })
  return result.status ?? 1
}

/** npm install when node_modules is missing or older than the lockfile. */
export function ensureDependencies() {
  const marker = path.join(root, 'node_modules', '.package-lock.json')
  const lock = path.join(root, 'package-lock.json')
  const stale = !fs.existsSync(marker) || (fs.existsSync(lock) && fs.statSync(lock).mtimeMs > fs.statSync(marker).mtimeMs + 1000)
  if (!stale) return
  console.log('[koma] installing dependencies…')
  // --include=dev: NODE_ENV=production (the production profile) would otherwise skip the build tools.
  const code = run('npm', ['install', '--include=dev', '--no-audit', '--no-fund'])
  if (code !== 0) throw new Error('npm install failed')
}

/** Resolve when something accepts connections on host:port. */
export function waitForPort(port, host = '127.0.0.1', timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = net.connect(port, host)
      socket.once('connect', () => {
        socket.end()
        resolve()
      })
      socket.once('error', () => {
        socket.destroy()
        if (Date.now() > deadline) reject(new Error(`nothing listens on ${host}:${port}`))
        else setTimeout(attempt, 200)
      })
    }
    attempt()
  })
}

/** The Node.js major the project runs on: the `node` dev dependency (24 LTS), brought by `npm install`. */
export const RUNTIME_MAJOR = 24

/**
 * Run this script on the project's own Node.js. `npm start` / `npm test` already do (npm puts
 * node_modules/.bin, where the `node` dev dependency links its binary, first on PATH); a script
 * begun by an older system node (a fresh clone's `npm start`, before node_modules existed, or
 * `node infra/scripts/…` by hand) runs itself again on the project's node once it is installed,
 * with node_modules/.bin first on PATH so every child (tsx, jest, webpack) runs it too. Call it
 * after ensureDependencies(). Signals reach the child; its exit code is this script's.
 */
export function ensureRuntime() {
  const major = Number(process.versions.node.split('.')[0])
  if (major >= RUNTIME_MAJOR) return
  const own = bin('node')
  if (!fs.existsSync(own)) {
    console.error(`[koma] Node.js ${RUNTIME_MAJOR} is missing from node_modules (run npm install); this is ${process.version}`)
    process.exit(1)
  }
  const binDir = path.dirname(own)
  const child = spawn(own, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, PATH: [binDir, process.env.PATH ?? ''].join(path.delimiter) },
  })
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal))
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
  // Nothing else of the script runs on this node: it waits here until the child ends.
  return new Promise(() => undefined)
}

/** Is a TCP port answering? */
export function portAnswers(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect(port, host)
    socket.setTimeout(1000)
    socket.once('connect', () => {
      socket.end()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
    socket.once('timeout', () => {
      socket.destroy()
      resolve(false)
    })
  })
}

/**
 * Start a long-running child with prefixed output: TypeScript through tsx (the demo), or with
 * `compiled`, plain Node on a bundle built by build-servers.mjs (the production profile).
 */
export function startService(name, args, env, options = {}) {
  const [command, argv] = options.compiled ? [process.execPath, ['--enable-source-maps', ...args]] : [bin('tsx'), args]
  const child = spawn(command, argv, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  const prefix = (stream, target) => {
    let buffer = ''
    stream.on('data', (chunk) => {
      buffer += chunk
      const lines = buffer.split('\n')
      buffer = lines.pop() ?? ''
      for (const line of lines) target.write(`[${name}] ${line}\n`)
    })
  }
  prefix(child.stdout, process.stdout)
  prefix(child.stderr, process.stderr)
  return child
}

#!/usr/bin/env node
// @ts-check
// `npm run deploy|rollback|versions -- <args>`: runs the edge's TypeScript CLI with tsx from the
// repository root and exits with its code. Plain Node on purpose: nothing to install or build.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
const windows = process.platform === 'win32'
const tsx = path.join(root, 'node_modules', '.bin', windows ? 'tsx.cmd' : 'tsx')

if (!existsSync(tsx)) {
  console.error(`Cannot find ${tsx}: run npm install at the repository root first.`)
  process.exit(1)
}

const child = spawn(tsx, [path.join('infra', 'edge', 'src', 'cli.ts'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  shell: windows,
})

// Ctrl-C reaches the whole process group (the child too): just wait for the child to finish.
process.on('SIGINT', () => {})
process.on('SIGTERM', () => child.kill('SIGTERM'))

child.on('error', (error) => {
  console.error(`Cannot run ${tsx}: ${error.message}`)
  process.exit(1)
})
child.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 128 + (signal === 'SIGINT' ? 2 : 15) : 1))
})

import { spawnSync } from 'node:child_process'
import { promises as fs } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/** Test helpers: temporary folders and small fake webpack dist folders (no webpack in tests). */

/** Whether Redis answers on 127.0.0.1:6379 (our machines run one; `.ci/run` starts it): the shared-store tests need it. */
export const redisUp =
  spawnSync(process.execPath, [
    '-e',
    "const s=require('net').connect(6379,'127.0.0.1');s.on('connect',()=>process.exit(0));s.on('error',()=>process.exit(1));setTimeout(()=>process.exit(1),1000)",
  ]).status === 0

export async function tempDir(prefix = 'koma-edge-'): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), prefix))
}

export async function removeDir(dir: string): Promise<void> {
  await fs.rm(dir, { recursive: true, force: true })
}

/** Something compressible and well over 1 KB that differs per label. */
export function bigScript(label: string): string {
  const lines = Array.from({ length: 200 }, (_, i) => `  register("${label}", ${i}, function () { return "chunk ${label} line ${i}" });`)
  return `/* ${label} */\n(function () {\n${lines.join('\n')}\n})();\n`
}

async function write(dir: string, files: Record<string, string>): Promise<string> {
  await fs.rm(dir, { recursive: true, force: true })
  for (const [rel, content] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(dir, rel)), { recursive: true })
    await fs.writeFile(path.join(dir, rel), content)
  }
  return dir
}

export function remoteDistFiles(container: string, label: string): Record<string, string> {
  return {
    'remoteEntry.js': bigScript(`${container} entry ${label}`),
    'remoteEntry.js.map': JSON.stringify({ version: 3, sources: ['src/routes.ts'], mappings: '' }),
    'mf-manifest.json': JSON.stringify({ id: container, name: container, label, exposes: [{ path: './routes' }] }),
    'mf-stats.json': JSON.stringify({ name: container, label }),
    'src_routes_ts.1a2b3c4d.js': bigScript(`${container} routes ${label}`),
    'tiny.9f8e7d6c.js': `console.log(${JSON.stringify(label)})\n`,
    'assets/logo.5e5e5e5e.png': 'not really a png',
  }
}

export async function makeRemoteDist(dir: string, container: string, label: string): Promise<string> {
  return write(dir, remoteDistFiles(container, label))
}

export function hostIndexHtml(label: string): string {
  const padding = Array.from({ length: 40 }, (_, i) => `<meta name="koma-${i}" content="${label} ${i}">`).join('')
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Koma ${label}</title>${padding}` +
    // Both spellings: html-webpack-plugin writes the placeholder followed by a slash.
    `<script defer src="__KOMA_HOST_BASE__/main.js"></script><link rel="preload" href="__KOMA_HOST_BASE__remoteEntry.js">` +
    `</head><body><div id="root"></div></body></html>`
  )
}

export async function makeHostDist(dir: string, label: string): Promise<string> {
  return write(dir, {
    'index.html': hostIndexHtml(label),
    'main.js': bigScript(`host main ${label}`),
    'remoteEntry.js': bigScript(`host entry ${label}`),
    'mf-manifest.json': JSON.stringify({ id: 'koma_host', label }),
    'vendors.0a0b0c0d.js': bigScript(`host vendors ${label}`),
  })
}

/** Every file under dir, relative. */
export async function allFiles(dir: string): Promise<string[]> {
  const out: string[] = []
  const walk = async (rel: string): Promise<void> => {
    for (const entry of await fs.readdir(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name
      if (entry.isDirectory()) {
        out.push(`${child}/`)
        await walk(child)
      } else out.push(child)
    }
  }
  await walk('')
  return out.sort()
}

/** A clock for deterministic version ids: each call one minute later. */
export function stepClock(start = Date.UTC(2026, 10, 22, 9, 30, 0)): () => Date {
  let t = start
  return () => {
    const now = new Date(t)
    t += 60_000
    return now
  }
}

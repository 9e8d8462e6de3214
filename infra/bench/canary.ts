import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { build } from 'esbuild'
import { DEFAULT_CANARY_RULES } from '../edge/src/health/versionHealth'
import { distDir, packageInfo, publish } from '../edge/src/registry'
import { inCanary, newCohort } from '../edge/src/registry/cohort'
import { buildEdge } from '../edge/src/server'
import { repoRoot } from '../e2e/support/site'

/**
 * Issue 16's release figures, on the built host and mf-catalog behind an edge in this process
 * (no API: pages go without their title data):
 * - from `npm run canary` (the CLI, as a person runs it) to the first page that carries the canary;
 * - from the beacon that takes a canary past the default rules to the registry without it;
 * - the bytes the failure-beacon code adds to the host's first load.
 */
export interface CanaryFigures {
  canaryToFirstPageMs: number
  canaryCliMs: number
  thresholdToRollbackMs: number
  loadsBeforeJudged: number
  beaconCode: { raw: number; gzip: number; br: number }
}

const SHARE = 50
/** Page loads from robots are not counted: the readers here say they are a browser. */
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'

function runCli(edgeDir: string, args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(repoRoot, 'node_modules', '.bin', 'tsx'), ['infra/edge/src/cli.ts', ...args], {
      cwd: repoRoot,
      env: { ...process.env, EDGE_DIR: edgeDir, KOMA_EDGE_STORE: 'files' },
      stdio: 'ignore',
    })
    child.on('error', reject)
    child.on('exit', (code) => resolve(code ?? 1))
  })
}

/** The canary side's cohort: a cookie value the edge puts in the canary at SHARE percent. */
function canaryCohort(): string {
  for (;;) {
    const cohort = newCohort()
    if (inCanary(cohort, 'mf_catalog', SHARE)) return cohort
  }
}

async function beaconCodeBytes(): Promise<CanaryFigures['beaconCode']> {
  const out = await build({
    entryPoints: [path.join(repoRoot, 'host', 'src', 'platform', 'failureBeacons.ts')],
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    target: 'es2022',
    logLevel: 'silent',
  })
  const code = Buffer.from(out.outputFiles[0]!.contents)
  return {
    raw: code.length,
    gzip: zlib.gzipSync(code, { level: 9 }).length,
    br: zlib.brotliCompressSync(code, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  }
}

export async function measureCanary(): Promise<CanaryFigures> {
  for (const name of ['host', 'mf-catalog']) {
    if (!fs.existsSync(distDir(repoRoot, packageInfo(name)))) throw new Error(`${name} is not built: npm run build -w ${name}`)
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-bench-canary-'))
  const edgeDir = path.join(work, 'edge')
  await publish(edgeDir, 'host', distDir(repoRoot, packageInfo('host')))
  const live = (await publish(edgeDir, 'mf-catalog', distDir(repoRoot, packageInfo('mf-catalog')))).version
  const edge = buildEdge({ edgeDir, apiUrl: 'http://127.0.0.1:9', pageMetaWaitMs: 0, trustProxy: true, judgeEveryMs: 0 })
  try {
    await edge.listen({ port: 0, host: '127.0.0.1' })
    const address = edge.server.address()
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
    const cohort = canaryCohort()
    const versionOnPage = async (): Promise<string | undefined> => {
      const html = await (await fetch(`${base}/en`, { headers: { cookie: `koma_cohort=${cohort}`, 'user-agent': BROWSER } })).text()
      return /"mf_catalog":\{"version":"([^"]+)"/.exec(html)?.[1]
    }

    // 1. `npm run canary -- mf-catalog --share 50 --no-build --force` to the first canary page.
    const started = performance.now()
    let cliEnded = 0
    const cli = runCli(edgeDir, ['canary', 'mf-catalog', '--share', String(SHARE), '--no-build', '--force']).then((code) => {
      cliEnded = performance.now()
      return code
    })
    let firstCanaryPage = 0
    const deadline = Date.now() + 120_000
    while (!firstCanaryPage) {
      if (Date.now() > deadline) throw new Error('no canary page within 120 s of npm run canary')
      const version = await versionOnPage()
      if (version && version !== live) firstCanaryPage = performance.now()
      else await new Promise((resolve) => setTimeout(resolve, 5))
    }
    if ((await cli) !== 0) throw new Error('npm run canary failed')

    // 2. The default rules: minLoads canary pages, then failures from separate readers until one
    // more crosses the margin; timed from that beacon to the registry without the canary.
    const { minLoads, margin } = DEFAULT_CANARY_RULES
    for (let i = 0; i < minLoads; i++) await versionOnPage()
    const canary = JSON.parse(fs.readFileSync(path.join(edgeDir, 'registry.json'), 'utf8')).canaries.mf_catalog.version as string
    const send = (reader: number) =>
      fetch(`${base}/beacons`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.0.${reader}.1` },
        body: JSON.stringify({ failures: [{ remote: 'mf_catalog', version: canary, kind: 'load' }] }),
      })
    // Failures that keep the canary within the margin, one reader (address) each.
    const below = Math.floor(margin * minLoads)
    for (let reader = 0; reader < below; reader++) await send(reader)
    const crossing = performance.now()
    await send(below)
    while ((await versionOnPage()) !== live) {
      if (Date.now() > deadline + 60_000) throw new Error('the canary was not rolled back')
      await new Promise((resolve) => setTimeout(resolve, 1))
    }
    const rolledBack = performance.now()

    return {
      canaryToFirstPageMs: firstCanaryPage - started,
      canaryCliMs: cliEnded - started,
      thresholdToRollbackMs: rolledBack - crossing,
      loadsBeforeJudged: minLoads,
      beaconCode: await beaconCodeBytes(),
    }
  } finally {
    await edge.close()
    fs.rmSync(work, { recursive: true, force: true })
  }
}

export function printCanaryFigures(figures: CanaryFigures): void {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} kB`
  console.log('\n## Releases (issue 16): canary and automatic rollback, mf-catalog, edge with files')
  console.log(
    `npm run canary → first canary page served   ${(figures.canaryToFirstPageMs / 1000).toFixed(2)} s (the command itself: ${(figures.canaryCliMs / 1000).toFixed(2)} s)`,
  )
  console.log(
    `failure threshold crossed → rollback served ${figures.thresholdToRollbackMs.toFixed(1)} ms (default rules: ${figures.loadsBeforeJudged} canary loads, 5 points)`,
  )
  const code = figures.beaconCode
  console.log(`failure-beacon code in the first load        ${kb(code.br)} br, ${kb(code.gzip)} gz (${kb(code.raw)} minified)`)
}

import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { checkMetrics, promtoolMissing } from '../../../jest/promtool'
import { publish } from '../registry'
import { buildEdge } from '../server'
import { makeHostDist, makeRemoteDist, removeDir, stepClock, tempDir } from '../test/fixtures'
import { client, listen, type TestRequest, type TestResponse } from '../test/http'
import { createEdgeMetrics, type EdgeMetrics } from './metrics'
import { serveMetrics, type MetricsServer } from '@koma/contracts/metrics'

/** The value of one sample line (`name{labels} value`), or undefined when the exposition has none. */
function sample(exposition: string, series: string): number | undefined {
  const line = exposition.split('\n').find((row) => row.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

const families = (exposition: string): string[] => [...exposition.matchAll(/^# TYPE (\S+) /gm)].map((match) => match[1]!)

/** Every series the edge promises (issue 38): the dashboards and alert rules name these. */
const EDGE_SERIES = [
  'koma_edge_http_requests_total',
  'koma_edge_http_request_duration_seconds',
  'koma_edge_cache_lookups_total',
  'koma_edge_page_drawings_total',
  'koma_edge_drawings_in_flight',
  'koma_edge_canary_share_percent',
  'koma_edge_canary_endings_total',
  'koma_edge_version_page_loads',
  'koma_edge_version_failures',
  'nodejs_eventloop_lag_seconds',
  'process_resident_memory_bytes',
]

describe('the edge metrics registry', () => {
  it("shows each live and canary version's page loads and failures as the judge counts them, and drops a version no longer live", async () => {
    let clock = 0
    const metrics = createEdgeMetrics({ processMetrics: false, now: () => clock })
    const figure = (version: string, side: 'live' | 'canary', pageLoads: number, failures: number) => ({
      remote: 'mf_catalog',
      version,
      side,
      pageLoads,
      failures,
      failureRate: pageLoads ? failures / pageLoads : 0,
      vitals: {} as never,
    })
    let figures = [figure('v1', 'live', 40, 1), figure('v2', 'canary', 12, 3)]
    metrics.watchVersions(async () => figures)
    let body = (await metrics.scrape()).body
    expect(sample(body, 'koma_edge_version_page_loads{remote="mf_catalog",version="v1",side="live"}')).toBe(40)
    expect(sample(body, 'koma_edge_version_failures{remote="mf_catalog",version="v2",side="canary"}')).toBe(3)
    figures = [figure('v1', 'live', 41, 1)]
    // A new scrape reads the counts afresh (one reading serves a scrape, at most a second old).
    clock += 1_001
    body = (await metrics.scrape()).body
    expect(sample(body, 'koma_edge_version_page_loads{remote="mf_catalog",version="v1",side="live"}')).toBe(41)
    expect(body).not.toContain('version="v2"')
  })

  it('counts drawings by outcome and the drawn-page cache by result', async () => {
    const metrics = createEdgeMetrics({ processMetrics: false })
    metrics.drawing.drawnCache(false)
    metrics.drawing.drawn()
    metrics.drawing.drawnCache(true)
    metrics.drawing.fallback('late')
    metrics.drawing.fallback('busy')
    metrics.watchDrawings(() => 3)
    const { body } = await metrics.scrape()
    expect(sample(body, 'koma_edge_cache_lookups_total{cache="drawn_page",result="hit"}')).toBe(1)
    expect(sample(body, 'koma_edge_cache_lookups_total{cache="drawn_page",result="miss"}')).toBe(1)
    for (const outcome of ['drawn', 'late', 'busy']) expect(sample(body, `koma_edge_page_drawings_total{outcome="${outcome}"}`)).toBe(1)
    expect(sample(body, 'koma_edge_drawings_in_flight')).toBe(3)
  })
})

describe('the edge metrics endpoint', () => {
  let root: string
  let app: FastifyInstance
  let metrics: EdgeMetrics
  let server: MetricsServer
  let get: (pathOrOptions: string | TestRequest) => Promise<TestResponse>
  const scrape = async () => (await fetch(`http://127.0.0.1:${server.port}/metrics`)).text()

  beforeAll(async () => {
    root = await tempDir()
    const edgeDir = path.join(root, 'edge')
    const dist = path.join(root, 'dist')
    const clock = stepClock()
    await publish(edgeDir, 'mf-catalog', await makeRemoteDist(dist, 'mf_catalog', 'A'), { now: clock })
    await publish(edgeDir, 'host', await makeHostDist(dist, 'A'), { now: clock })
    await publish(edgeDir, 'mf-catalog', await makeRemoteDist(dist, 'mf_catalog', 'B'), { now: clock, canaryShare: 10 })
    metrics = createEdgeMetrics()
    // Nothing listens on port 9: /api answers 502 here.
    app = buildEdge({ edgeDir, apiUrl: 'http://127.0.0.1:9', metrics, judgeEveryMs: 0 })
    get = client(await listen(app))
    server = await serveMetrics({ host: '127.0.0.1', port: 0 }, () => metrics.scrape())
  })
  afterAll(async () => {
    await server.close()
    await app.close()
    await removeDir(root)
  })

  it('is not on the public port', async () => {
    const res = await get('/metrics')
    expect(res.body.toString()).not.toMatch(/koma_edge_/)
  })

  it("counts requests by route pattern or page route id and status (never the URL), and each remote's canary share", async () => {
    expect((await get('/healthz')).status).toBe(200)
    expect((await get('/en/comic/123456')).status).toBeLessThan(600)
    expect((await get('/remotes/mf-catalog/nope/secret-file.js')).status).toBe(404)
    const body = await scrape()
    expect(families(body)).toEqual(expect.arrayContaining(EDGE_SERIES))
    expect(sample(body, 'koma_edge_http_requests_total{method="GET",route="/healthz",status="200"}')).toBe(1)
    expect(body).toMatch(/koma_edge_http_requests_total\{method="GET",route="page:[\w.]+",status="\d{3}"\}/)
    expect(body).toMatch(/koma_edge_http_request_duration_seconds_bucket\{le="0\.001",method="GET",route="\/healthz",status="200"\}/)
    expect(body).not.toMatch(/123456|secret-file/)
    expect(sample(body, 'koma_edge_canary_share_percent{remote="mf_catalog"}')).toBe(10)
    expect(sample(body, 'koma_edge_canary_share_percent{remote="mf_viewer"}')).toBe(0)
  })

  it('passes `promtool check metrics` with no complaint', async () => {
    if (promtoolMissing) return console.log(promtoolMissing)
    await get('/')
    expect(checkMetrics(await scrape())).toEqual({ status: 0, complaints: '' })
  })
})

import { endpoints, metricsListenFrom } from '@koma/contracts/server'
import { checkMetrics, promtoolMissing } from '../../../jest/promtool'
import { countedPaypal } from '../modules/coinshop/providers'
import type { PaypalProvider } from '../modules/coinshop/providers'
import { createTestApp, type TestApp } from '../test/testApp'
import { cacheNameOf, countingFailures, createApiMetrics, insertedRows, type ApiMetrics } from './metrics'
import { serveMetrics } from '@koma/contracts/metrics'

/** The value of one sample line (`name{labels} value`), or undefined when the exposition has none. */
function sample(exposition: string, series: string): number | undefined {
  const line = exposition.split('\n').find((row) => row.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

/** The metric families an exposition declares (`# TYPE name kind`). */
const families = (exposition: string): string[] => [...exposition.matchAll(/^# TYPE (\S+) /gm)].map((match) => match[1]!)

/** Every series the API promises (issue 38): the dashboards and alert rules name these. */
const API_SERIES = [
  'koma_api_http_requests_total',
  'koma_api_http_request_duration_seconds',
  'koma_api_db_query_duration_seconds',
  'koma_api_db_pool_connections',
  'koma_api_db_pool_waiting',
  'koma_api_jobs_queued',
  'koma_api_job_failures_total',
  'koma_api_cache_lookups_total',
  'koma_api_signed_url_refusals_total',
  'koma_api_rate_limit_refusals_total',
  'koma_api_coin_ledger_writes_total',
  'koma_api_coin_unlock_failures_total',
  'koma_api_paypal_calls_total',
  'nodejs_eventloop_lag_seconds',
  'nodejs_heap_size_used_bytes',
  'process_resident_memory_bytes',
]

describe('the API metrics registry', () => {
  it('names caches by a bounded set: a key with ids or queries never becomes a label value', () => {
    expect(cacheNameOf('home:en:all')).toBe('home')
    expect(cacheNameOf('menu:all_comic:ranking::1::20:en:false')).toBe('menu')
    expect(cacheNameOf('content-unit:comic:1:2:ja')).toBe('content-unit')
    expect(cacheNameOf('sitemap:titles')).toBe('sitemap')
    expect(cacheNameOf('a-new-cache:123')).toBe('other')
    expect(cacheNameOf('12345')).toBe('other')
  })

  it('counts requests in cumulative buckets, a counter and the histogram reading one table', async () => {
    const metrics = createApiMetrics({ processMetrics: false })
    for (const seconds of [0.004, 0.02, 0.02, 3, 60]) metrics.http.observe('GET', '/api/:lang/home', 200, seconds)
    metrics.http.observe('POST', '/api/:lang/home', 503, 0.001)
    const { body } = await metrics.scrape()
    const home = 'method="GET",route="/api/:lang/home",status="200"'
    expect(sample(body, `koma_api_http_requests_total{${home}}`)).toBe(5)
    expect(sample(body, `koma_api_http_requests_total{method="POST",route="/api/:lang/home",status="503"}`)).toBe(1)
    const bucket = (le: string) => sample(body, `koma_api_http_request_duration_seconds_bucket{le="${le}",${home}}`)
    expect([bucket('0.005'), bucket('0.01'), bucket('0.025'), bucket('2.5'), bucket('5'), bucket('10'), bucket('+Inf')]).toEqual([1, 1, 3, 3, 4, 4, 5])
    expect(sample(body, `koma_api_http_request_duration_seconds_count{${home}}`)).toBe(5)
    expect(sample(body, `koma_api_http_request_duration_seconds_sum{${home}}`)).toBeCloseTo(63.044, 6)
    expect(body).toMatch(/^# TYPE koma_api_http_requests_total counter$/m)
    expect(body).toMatch(/^# TYPE koma_api_http_request_duration_seconds histogram$/m)
  })

  it('counts coin ledger writes and failed statements from the query hook', async () => {
    const metrics = createApiMetrics({ processMetrics: false })
    metrics.observeQuery(2, false, 'insert into "coin_ledger" ("member_id", "amount") values ($1, $2)')
    metrics.observeQuery(1, false, 'select * from "coin_ledger"')
    metrics.observeQuery(3, true, 'insert into "coin_ledger" ("member_id") values ($1)')
    // A multi-row insert (a bulk unlock writes one row per chapter) counts each row.
    metrics.observeQuery(2, false, 'insert into "coin_ledger" ("member_id", "amount") values ($1, coalesce($2, 0)), ($3, $4), ($5, $6) returning "id"')
    const { body } = await metrics.scrape()
    expect(sample(body, 'koma_api_coin_ledger_writes_total')).toBe(4)
    expect(sample(body, 'koma_api_db_query_duration_seconds_count{outcome="ok"}')).toBe(3)
    expect(sample(body, 'koma_api_db_query_duration_seconds_count{outcome="error"}')).toBe(1)
  })

  it('counts the rows of an insert, not its parentheses', () => {
    expect(insertedRows('insert into "coin_ledger" ("a") values ($1)')).toBe(1)
    expect(insertedRows('insert into "coin_ledger" ("a", "b") values ($1, now()), ($2, now()) returning "id"')).toBe(2)
    expect(insertedRows('insert into "coin_ledger" ("a") values (\'(x), (y)\'), ($1) on conflict do nothing')).toBe(2)
    expect(insertedRows('insert into "coin_ledger" select * from "x"')).toBe(1)
  })

  it("reports the pool's and the queues' figures on each scrape, leaving out a queue that cannot be counted", async () => {
    const metrics = createApiMetrics({ processMetrics: false })
    metrics.watchPool(() => ({ total: 7, idle: 3, waiting: 2 }))
    let broken = false
    metrics.watchQueues({ getQueueSize: async (name) => (broken ? Promise.reject(new Error('down')) : name.length) }, ['abc', 'abcdef'])
    const first = (await metrics.scrape()).body
    expect(sample(first, 'koma_api_db_pool_connections{state="in_use"}')).toBe(4)
    expect(sample(first, 'koma_api_db_pool_connections{state="idle"}')).toBe(3)
    expect(sample(first, 'koma_api_db_pool_waiting')).toBe(2)
    expect(sample(first, 'koma_api_jobs_queued{queue="abcdef"}')).toBe(6)
    broken = true
    expect(sample((await metrics.scrape()).body, 'koma_api_jobs_queued{queue="abcdef"}')).toBeUndefined()
  })

  it('counts job failures and PayPal calls by outcome', async () => {
    const metrics = createApiMetrics({ processMetrics: false })
    await expect(countingFailures(metrics, 'koma-notify-deliver', async () => Promise.reject(new Error('smtp down')))).rejects.toThrow('smtp down')
    await expect(countingFailures(metrics, 'koma-notify-deliver', async () => 'sent')).resolves.toBe('sent')
    const outcomes = [{ status: 'COMPLETED', captureId: 'c' }, { status: 'DECLINED', reason: 'no' }, new Error('timeout')] as const
    let call = 0
    const provider: PaypalProvider = {
      name: 'fake',
      clientConfig: () => ({}) as ReturnType<PaypalProvider['clientConfig']>,
      createOrder: async () => ({ orderId: 'o' }),
      captureOrder: async () => {
        const outcome = outcomes[call++]!
        if (outcome instanceof Error) throw outcome
        return outcome
      },
    }
    const paypal = countedPaypal(provider, metrics)
    await paypal.createOrder({ reference: 'r', amountCents: 100, description: 'coins' })
    await paypal.captureOrder('o', 'r')
    await paypal.captureOrder('o', 'r')
    await expect(paypal.captureOrder('o', 'r')).rejects.toThrow('timeout')
    const { body } = await metrics.scrape()
    expect(sample(body, 'koma_api_job_failures_total{queue="koma-notify-deliver"}')).toBe(1)
    expect(sample(body, 'koma_api_paypal_calls_total{call="create_order",outcome="created"}')).toBe(1)
    for (const outcome of ['completed', 'declined', 'error'])
      expect(sample(body, `koma_api_paypal_calls_total{call="capture_order",outcome="${outcome}"}`)).toBe(1)
  })

  it('serves on an address of its own, 127.0.0.1 by default, never on the public port; 0 or off serves none', () => {
    expect(metricsListenFrom({}, 9465, 8081)).toEqual({ host: '127.0.0.1', port: 9465 })
    expect(metricsListenFrom({ KOMA_METRICS_PORT: '9470', KOMA_METRICS_HOST: '10.0.0.5' }, 9465, 8081)).toEqual({ host: '10.0.0.5', port: 9470 })
    expect(metricsListenFrom({ KOMA_METRICS_PORT: 'off' }, 9465, 8081)).toBeNull()
    expect(metricsListenFrom({ KOMA_METRICS_PORT: '0' }, 9465, 8081)).toBeNull()
    expect(metricsListenFrom({ KOMA_METRICS: '0' }, 9465, 8081)).toBeNull()
    expect(() => metricsListenFrom({ KOMA_METRICS_PORT: '8081' }, 9465, 8081)).toThrow(/differ from the public port/)
    expect(() => metricsListenFrom({ KOMA_METRICS_PORT: 'http' }, 9465, 8081)).toThrow(/KOMA_METRICS_PORT/)
  })
})

describe('the API metrics endpoint', () => {
  let t: TestApp
  let metrics: ApiMetrics
  let server: Awaited<ReturnType<typeof serveMetrics>>
  const scrape = async (path = '/metrics') => fetch(`http://127.0.0.1:${server.port}${path}`)

  beforeAll(async () => {
    t = await createTestApp()
    metrics = t.deps.metrics!
    server = await serveMetrics({ host: '127.0.0.1', port: 0 }, () => metrics.scrape())
  })
  afterAll(async () => {
    await server.close()
    await t.close()
  })

  it('is not on the public port', async () => {
    const res = await t.call('GET', '/metrics')
    expect(res.statusCode).toBe(404)
    expect(res.body).not.toMatch(/koma_api_/)
  })

  it('counts requests by route pattern and status (never the URL), cache hits and signed-URL refusals', async () => {
    expect((await t.call(endpoints.home, { params: { lang: 'en' } })).statusCode).toBe(200)
    expect((await t.call(endpoints.home, { params: { lang: 'en' } })).statusCode).toBe(200)
    expect((await t.call('GET', '/api/image/1?e=9999999999&s=AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404)
    expect((await t.call('GET', '/api/no/such/route/12345')).statusCode).toBe(404)
    const res = await scrape()
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
    const body = await res.text()
    expect(families(body)).toEqual(expect.arrayContaining(API_SERIES))
    // Two instances in the cluster lane share the calls: each counts its own.
    const homes = sample(body, 'koma_api_http_requests_total{method="GET",route="/api/:lang/home",status="200"}') ?? 0
    expect(homes).toBeGreaterThanOrEqual(t.instances === 1 ? 2 : 1)
    expect(body).toMatch(/koma_api_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/:lang\/home",status="200"\}/)
    expect(body).toMatch(/koma_api_http_requests_total\{method="GET",route="unmatched",status="404"\}/)
    expect(body).not.toMatch(/12345|such\/route/)
    expect(sample(body, 'koma_api_cache_lookups_total{cache="home",result="miss"}')).toBeGreaterThanOrEqual(1)
    if (t.instances === 1) {
      expect(sample(body, 'koma_api_cache_lookups_total{cache="home",result="hit"}')).toBeGreaterThanOrEqual(1)
      expect(sample(body, 'koma_api_signed_url_refusals_total')).toBe(1)
    }
    expect(sample(body, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0)
    expect((await scrape('/other')).status).toBe(404)
  })

  it('passes `promtool check metrics` with no complaint', async () => {
    if (promtoolMissing) return console.log(promtoolMissing)
    await t.call(endpoints.home, { params: { lang: 'ja' } })
    const body = await (await scrape()).text()
    expect(checkMetrics(body)).toEqual({ status: 0, complaints: '' })
    // And it can fail: a counter without _total is one of promtool's complaints.
    expect(checkMetrics('# HELP koma_bad A counter.\n# TYPE koma_bad counter\nkoma_bad 1\n').complaints).toMatch(/koma_bad/)
  })
})

import { api, ApiError, invalidateAll, LocaleContext, setCurrentLocale, type Locale } from '@koma/contracts'
import { edgeOpsEndpoints, opsEndpoints, type OpsHealth } from '@koma/contracts/ops'
import { CacheProvider } from '@emotion/react'
import createCache from '@emotion/cache'
import { act, render, screen, within } from '@testing-library/react'
import { Suspense } from 'react'
import { MemoryRouter } from 'react-router-dom'
import { VERIFIED_OPERATOR } from '../console/testing'
import { OpsIntl } from '../i18n/OpsIntl'
import { formatCls, formatMs, formatSeconds, formatShare } from './format'
import HealthPage from './HealthPage'

const figures = (requests: number): OpsHealth => ({
  at: '2026-12-04T12:00:00.000Z',
  windowSeconds: 600,
  remotes: [
    {
      remote: 'mf-catalog',
      live: { version: '20261204100000-aaaaaaaa', loads: 1200, failures: 6, rate: 0.005, vitals: { lcpMs: 1830, inpMs: 96, cls: 0.04 } },
      canary: { version: '20261204110000-bbbbbbbb', loads: 40, failures: 2, rate: 0.05, share: 10 },
    },
    { remote: 'mf-viewer', live: null, canary: null },
  ],
  edge: { requests: 5000, errors: 0, intervalSeconds: 60, rate: 12.5, p99Seconds: 0.0421, recentErrors: 0 },
  apis: [
    {
      address: 'http://127.0.0.1:3001',
      instance: 'api-1',
      reachable: true,
      figures: { requests, errors: 3, intervalSeconds: 60, rate: 4.25, p99Seconds: 1.5, recentErrors: 1 },
      pool: { inUse: 2, idle: 8, waiting: 0 },
    },
    { address: 'http://127.0.0.1:3002', instance: null, reachable: false, figures: null, pool: null },
  ],
  queues: [{ queue: 'notify-deliver', queued: 7, failed: 1 }],
})

let visibility: DocumentVisibilityState = 'visible'
beforeAll(() => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility })
})
afterEach(() => jest.restoreAllMocks())

/** The API as the page sees it: the operator's status, then each Health answer in turn (an Error: that call fails). */
function mockApi(answers: (OpsHealth | Error)[]) {
  return jest.spyOn(api, 'request').mockImplementation(async (endpoint) => {
    if (endpoint === opsEndpoints.opsMe) return VERIFIED_OPERATOR as never
    if (endpoint === edgeOpsEndpoints.opsHealth) {
      const next = answers.length > 1 ? answers.shift()! : answers[0]!
      if (next instanceof Error) throw next
      return next as never
    }
    throw new Error(`unexpected call ${endpoint.path}`)
  })
}

async function renderHealth(locale: Locale = 'en') {
  invalidateAll()
  setCurrentLocale(locale)
  await act(async () => {
    render(
      <CacheProvider value={createCache({ key: 'o' })}>
        <LocaleContext.Provider value={{ locale, prefix: locale === 'ja' ? null : locale }}>
          <MemoryRouter>
            <Suspense fallback={null}>
              <OpsIntl>
                <HealthPage />
              </OpsIntl>
            </Suspense>
          </MemoryRouter>
        </LocaleContext.Provider>
      </CacheProvider>,
    )
  })
  await screen.findByTestId('ops-health')
}

/** The tab shown again: the page refreshes at once (and every 10 s after, useRefresh.test.tsx). */
async function showTabAgain() {
  await act(async () => {
    visibility = 'visible'
    document.dispatchEvent(new Event('visibilitychange'))
  })
}

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent)

describe('the Health page', () => {
  it("shows each area's live and canary versions with readers' figures, a dash where a figure is not known", async () => {
    mockApi([figures(900)])
    await renderHealth()
    expect(screen.getByRole('heading', { level: 1, name: 'Health' })).toBeTruthy()
    // The console's navigation has the page.
    expect(screen.getByRole('navigation', { name: 'Console sections' }).textContent).toContain('Health')
    const table = screen.getByRole('table', { name: 'Readers by area and version' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Area', 'Version', 'Page loads', 'Failures', 'Failure rate', 'LCP p75', 'INP p75', 'CLS p75'])
    const [live, canary, viewer] = within(table).getAllByTestId('ops-health-remote')
    expect(within(live!).getByRole('rowheader').textContent).toBe('mf-catalog')
    expect(cells(live!)).toEqual(['Live20261204100000-aaaaaaaa', '1,200', '6', '0.5%', '1.8 sec', '96 ms', '0.04'])
    // The canary has no Web Vitals yet: dashes, not zeros.
    expect(cells(canary!)).toEqual(['Canary, 10% of readers20261204110000-bbbbbbbb', '40', '2', '5%', '—', '—', '—'])
    expect(cells(viewer!)).toEqual(['Never deployed', '—', '—', '—', '—', '—', '—'])
    expect(screen.getByText(/over the last 10 minutes/)).toBeTruthy()
  })

  it('shows every process with its requests, rate, p99 and 5xx, the pool, and the job queue; a process that is down says so', async () => {
    mockApi([figures(900)])
    await renderHealth()
    const table = screen.getByRole('table', { name: 'Processes' })
    const rows = within(table).getAllByTestId('ops-health-process')
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Edge (the process that answered)',
      'API api-1127.0.0.1:3001',
      'API127.0.0.1:3002',
    ])
    expect(cells(rows[0]!)).toEqual(['5,000', '12.5', '42 ms', '0', '0', '—', '—'])
    expect(cells(rows[1]!)).toEqual(['900', '4.3', '1.5 sec', '3', '1', '2', '0'])
    expect(cells(rows[2]!)).toEqual(['Not answering', '—', '—', '—', '—', '—', '—'])
    const queues = screen.getByRole('table', { name: 'Job queues' })
    expect(cells(within(queues).getByTestId('ops-health-queue'))).toEqual(['7', '1'])
    // Tables scroll sideways on a phone, by keyboard too.
    expect(screen.getByRole('region', { name: 'Processes' }).getAttribute('tabindex')).toBe('0')
  })

  it('refreshes by itself; a refresh that fails keeps the last figures and says so, without a dialog', async () => {
    const request = mockApi([figures(900), figures(1500), new ApiError({ failure: null, status: 0, message: 'offline', url: '/api/ops/health' })])
    await renderHealth()
    const apiRow = () => screen.getAllByTestId('ops-health-process')[1]!
    expect(cells(apiRow())[0]).toBe('900')
    expect(screen.getByTestId('ops-health-updated').textContent).toMatch(/refresh every 10 seconds while this tab is shown/)
    await showTabAgain()
    await screen.findByText('1,500')
    await showTabAgain()
    expect(await screen.findByText(/could not be refreshed/)).toBeTruthy()
    expect(cells(apiRow())[0]).toBe('1,500')
    // The refreshes after the first load tell the operator nothing else (no dialog every 10 s).
    const healthCalls = request.mock.calls.filter(([endpoint]) => endpoint === edgeOpsEndpoints.opsHealth)
    expect(healthCalls).toHaveLength(3)
    expect(healthCalls[2]![1]).toEqual({ policy: { silent: true } })
  })

  it("speaks the operator's language", async () => {
    mockApi([figures(900)])
    await renderHealth('ja')
    expect(screen.getByRole('heading', { level: 1, name: '稼働状況' })).toBeTruthy()
    expect(within(screen.getByRole('table', { name: 'プロセス' })).getAllByRole('columnheader')[2]!.textContent).toBe('毎秒リクエスト')
    expect(screen.getAllByTestId('ops-health-process')[2]!.textContent).toContain('応答なし')
  })
})

describe('figures as the operator reads them', () => {
  it('milliseconds below a second, seconds above; shares as percentages; dashes for the unknown', () => {
    expect(formatSeconds('en', 0.0042)).toBe('4.2 ms')
    expect(formatSeconds('en', 0.25)).toBe('250 ms')
    expect(formatSeconds('fr', 2.25)).toMatch(/^2,3\ss$/)
    expect(formatMs('ja', 96)).toBe('96 ms')
    expect(formatShare('fr', 0.034)).toMatch(/^3,4\s%$/)
    expect(formatCls('en', 0.1)).toBe('0.10')
    expect(formatSeconds('en', null)).toBe('—')
    expect(formatCls('en', undefined)).toBe('—')
  })
})

import type { WebVitalName } from '@koma/contracts/domain'
import { installWebVitals, vitalsLabels, VITALS_PATH } from './webVitals'

const HOST = '20261124101500-0a1b2c3d'
const CATALOG = '20261124101600-1a2b3c4d'

/** A beacon's body (jsdom's Blob has no text(): a FileReader reads it). */
const bodyOf = (blob: Blob) =>
  new Promise<unknown>((resolve) => {
    const reader = new FileReader()
    reader.onload = () => resolve(JSON.parse(String(reader.result)))
    reader.readAsText(blob)
  })

/** The library's observers, driven by the test. */
function fakeLibrary() {
  const reporters: Partial<Record<WebVitalName, (metric: { name: WebVitalName; value: number }) => void>> = {}
  type Report = (metric: { name: WebVitalName; value: number }) => void
  const observer = (name: WebVitalName) => (report: Report) => void (reporters[name] = report)
  const observe = { LCP: observer('LCP'), INP: observer('INP'), CLS: observer('CLS'), TTFB: observer('TTFB') }
  return { observe, report: (name: WebVitalName, value: number) => reporters[name]!({ name, value }) }
}

const hide = () => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' })
  document.dispatchEvent(new Event('visibilitychange'))
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' })
}

describe("readers' web vitals", () => {
  const versions = { host: HOST, versionOf: (remote: string) => (remote === 'mf_catalog' ? CATALOG : null) }

  it('labels a page by the route it landed on and the versions that drew it, never by its path', () => {
    expect(vitalsLabels('/en', versions)).toEqual({ route: 'catalog.home', host: HOST, remote: 'mf_catalog', version: CATALOG })
    expect(vitalsLabels('/fr/search/naruto', versions)).toMatchObject({ route: 'catalog.search', remote: 'mf_catalog' })
    // No route, no host version, a remote not loaded: nothing the edge would take.
    expect(vitalsLabels('/en/no/such/page/here', versions)).toBeNull()
    expect(vitalsLabels('/en', { ...versions, host: null })).toBeNull()
    expect(vitalsLabels('/en', { ...versions, versionOf: () => null })).toBeNull()
  })

  it('sends what was reported as the page is hidden, each metric once', async () => {
    const sent: { url: string; body: Blob }[] = []
    const library = fakeLibrary()
    const labels = { route: 'catalog.home', host: HOST, remote: 'mf_catalog', version: CATALOG }
    installWebVitals({ labels, sharing: () => true, observe: library.observe, send: (url, body) => sent.push({ url, body }) > 0 })
    library.report('TTFB', 120.4)
    library.report('LCP', 1830.26)
    library.report('CLS', 0.123456)
    expect(sent).toHaveLength(0)
    hide()
    expect(sent).toHaveLength(1)
    expect(sent[0]!.url).toBe(VITALS_PATH)
    expect(await bodyOf(sent[0]!.body)).toEqual({ ...labels, vitals: { TTFB: 120, LCP: 1830, CLS: 0.1235 } })
    // INP as the page is hidden again; the others are not sent twice.
    library.report('INP', 96)
    library.report('CLS', 0.5)
    hide()
    expect(sent).toHaveLength(2)
    expect(await bodyOf(sent[1]!.body)).toEqual({ ...labels, vitals: { INP: 96 } })
    hide()
    expect(sent).toHaveLength(2)
  })

  it('sends nothing for a reader who does not share, nor once they choose not to', () => {
    const sent: Blob[] = []
    const labels = { route: 'catalog.home', host: HOST, remote: 'mf_catalog', version: CATALOG }
    const never = fakeLibrary()
    installWebVitals({ labels, sharing: () => false, observe: never.observe, send: (_url, body) => sent.push(body) > 0 })
    let sharing = true
    const library = fakeLibrary()
    installWebVitals({ labels, sharing: () => sharing, observe: library.observe, send: (_url, body) => sent.push(body) > 0 })
    library.report('LCP', 900)
    sharing = false
    hide()
    expect(sent).toHaveLength(0)
  })
})

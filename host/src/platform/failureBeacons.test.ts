import { installFailureBeacons, remoteOfScript, reportFailure } from './failureBeacons'

const V1 = '20261124101500-0a1b2c3d'

describe('failure beacons', () => {
  let sent: { url: string; body: Blob }[]
  beforeAll(() => installFailureBeacons())
  beforeEach(() => {
    jest.useFakeTimers()
    sent = []
    Object.defineProperty(navigator, 'sendBeacon', {
      configurable: true,
      value: (url: string, body: Blob) => {
        sent.push({ url, body })
        return true
      },
    })
  })
  afterEach(() => jest.useRealTimers())

  /** The beacons sent, their bodies read (jsdom's Blob has no text(): a FileReader does it). */
  const delivered = () =>
    Promise.all(
      sent.map(
        ({ url, body }) =>
          new Promise<{ url: string; body: unknown }>((resolve) => {
            const reader = new FileReader()
            reader.onload = () => resolve({ url, body: JSON.parse(String(reader.result)) })
            reader.readAsText(body)
          }),
      ),
    )

  it('names the remote version whose script or stack an error comes from', () => {
    expect(remoteOfScript(`http://127.0.0.1:8080/remotes/mf-catalog/${V1}/__federation_expose_routes.js`)).toEqual({ remote: 'mf_catalog', version: V1 })
    expect(remoteOfScript(`Error: x\n    at f (https://koma.example/remotes/mf-viewer/${V1}/main.js:1:2)`)).toEqual({ remote: 'mf_viewer', version: V1 })
    expect(remoteOfScript('https://koma.example/host/main.js')).toBeNull()
    expect(remoteOfScript(undefined)).toBeNull()
  })

  it('batches a page’s failures into one beacon, counted per remote version and kind', async () => {
    reportFailure({ remote: 'mf_catalog', version: V1, kind: 'boundary' })
    reportFailure({ remote: 'mf_catalog', version: V1, kind: 'boundary' })
    window.dispatchEvent(new ErrorEvent('error', { filename: `/remotes/mf-catalog/${V1}/chunk.js`, message: 'boom' }))
    window.dispatchEvent(new ErrorEvent('error', { filename: '/host/main.js', message: 'not a remote' }))
    jest.advanceTimersByTime(2_000)
    jest.useRealTimers()
    expect(await delivered()).toEqual([
      {
        url: '/beacons',
        body: {
          failures: [
            { remote: 'mf_catalog', version: V1, kind: 'boundary', count: 2 },
            { remote: 'mf_catalog', version: V1, kind: 'error', count: 1 },
          ],
        },
      },
    ])
  })

  it('sends what is queued when the page goes away', async () => {
    reportFailure({ remote: 'mf_viewer', version: V1, kind: 'load' })
    window.dispatchEvent(new Event('pagehide'))
    jest.useRealTimers()
    expect((await delivered()).map((beacon) => beacon.body)).toEqual([{ failures: [{ remote: 'mf_viewer', version: V1, kind: 'load', count: 1 }] }])
  })
})

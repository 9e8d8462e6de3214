import { isOutdated, outdated, NEW_VERSION_CHECK_MS, NEW_VERSION_FOCUS_GAP_MS, watchNewVersions, type Builds } from './newVersion'

const running: Builds = { host: 'h1', remotes: { mf_catalog: 'c1', mf_viewer: 'v1' } }

describe('whether an open tab runs an old build', () => {
  it('is when its shell or a remote it loaded changed; remotes it never loaded do not count', () => {
    expect(isOutdated(running, { host: 'h1', remotes: { mf_catalog: 'c1', mf_viewer: 'v1', mf_account: 'a2' } })).toBe(false)
    expect(isOutdated(running, { host: 'h2', remotes: { mf_catalog: 'c1', mf_viewer: 'v1' } })).toBe(true)
    expect(isOutdated(running, { host: 'h1', remotes: { mf_catalog: 'c2', mf_viewer: 'v1' } })).toBe(true)
    // A remote taken out of the registry, or an edge that knows no host yet: nothing to offer.
    expect(isOutdated(running, { host: null, remotes: { mf_catalog: 'c1' } })).toBe(false)
  })
})

describe('a required version', () => {
  it('makes an old build one to leave when a changed part of it is marked required', () => {
    const latest = (required: string[], catalog = 'c2'): Builds => ({ host: 'h1', remotes: { mf_catalog: catalog, mf_viewer: 'v1' }, required })
    expect(outdated(running, latest([]))).toBe('available')
    expect(outdated(running, latest(['mf_catalog']))).toBe('required')
    // Required, but the page already runs it, or never loaded it: only what changed counts.
    expect(outdated(running, latest(['mf_viewer', 'mf_account']))).toBe('available')
    expect(outdated(running, latest(['mf_catalog'], 'c1'))).toBeNull()
    expect(outdated(running, { host: 'h2', remotes: {}, required: ['host'] })).toBe('required')
    // An edge from before required versions says nothing about them.
    expect(outdated(running, { host: 'h2', remotes: {} })).toBe('available')
  })
})

describe('watching for a new build', () => {
  let clock = 0
  beforeEach(() => {
    jest.useFakeTimers()
    clock = 0
  })
  afterEach(() => jest.useRealTimers())

  const setup = (answers: (Builds | null)[]) => {
    const latest = jest.fn(async () => answers.shift() ?? null)
    const onOutdated = jest.fn()
    const stop = watchNewVersions({ running: () => running, onOutdated, latest, now: () => clock })
    return { latest, onOutdated, stop }
  }
  const tick = async (ms: number) => {
    clock += ms
    await jest.advanceTimersByTimeAsync(ms)
  }

  it('asks every few minutes, tells once, then stops asking', async () => {
    const { latest, onOutdated } = setup([running, null, { ...running, host: 'h2' }])
    await tick(NEW_VERSION_CHECK_MS)
    await tick(NEW_VERSION_CHECK_MS)
    expect(onOutdated).not.toHaveBeenCalled()
    await tick(NEW_VERSION_CHECK_MS)
    expect(onOutdated).toHaveBeenCalledTimes(1)
    expect(onOutdated).toHaveBeenCalledWith('available')
    await tick(NEW_VERSION_CHECK_MS * 3)
    expect(latest).toHaveBeenCalledTimes(3)
  })

  it('asks when the reader comes back to the tab, at most every 30 s', async () => {
    const { latest, onOutdated, stop } = setup([running, { ...running, remotes: { mf_catalog: 'c2' } }])
    window.dispatchEvent(new Event('focus'))
    await tick(0)
    expect(latest).toHaveBeenCalledTimes(1)
    await tick(NEW_VERSION_FOCUS_GAP_MS - 1)
    window.dispatchEvent(new Event('focus'))
    await tick(0)
    expect(latest).toHaveBeenCalledTimes(1)
    await tick(1)
    document.dispatchEvent(new Event('visibilitychange'))
    await tick(0)
    expect(onOutdated).toHaveBeenCalledTimes(1)
    stop()
  })
})

import type { ForegroundState } from '@koma/contracts'
import { FOREGROUND_AFTER_HIDDEN_MS, watchForeground, type ForegroundDeps } from './foreground'

const state = (coins: number): ForegroundState => ({
  now: '2026-11-24T00:00:00.000Z',
  guest: false,
  dailyBonus: { today: '2026-11-24', claimable: true },
  inbox: { gifts: 2, expiringSoon: 1, messages: 3 },
  coin: { freeAmount: coins, purchasedAmount: 0, total: coins },
})

function page(options: { reader?: boolean; coins?: number | null; answer?: () => Promise<ForegroundState> } = {}) {
  let visible = true
  let clock = 1_000_000
  let listener: () => void = () => undefined
  const emitted: [string, unknown][] = []
  const report = jest.fn(options.answer ?? (async () => state(10)))
  const deps: ForegroundDeps = {
    visible: () => visible,
    onVisibilityChange: (next) => {
      listener = next
      return () => {
        listener = () => undefined
      }
    },
    now: () => clock,
    reader: () => options.reader ?? true,
    knownCoins: () => (options.coins === undefined ? 10 : options.coins),
    report,
    emit: (name, payload) => emitted.push([name, payload]),
  }
  const stop = watchForeground(deps)
  const away = async (ms: number) => {
    visible = false
    listener()
    clock += ms
    visible = true
    listener()
    // Let the report's promise chain settle (microtasks only: no timers).
    for (let i = 0; i < 10; i += 1) await Promise.resolve()
  }
  return { away, report, emitted, stop }
}

describe('POST /app/foregrounded from the page (SPEC §7)', () => {
  it('reports a return after a minute or more hidden, and passes the answer on', async () => {
    const p = page()
    await p.away(FOREGROUND_AFTER_HIDDEN_MS - 1)
    expect(p.report).not.toHaveBeenCalled()
    await p.away(FOREGROUND_AFTER_HIDDEN_MS)
    expect(p.report).toHaveBeenCalledTimes(1)
    expect(p.emitted).toEqual([['app:foregrounded', state(10)]])
  })

  it('tells the coin owners when the coins changed while away', async () => {
    const p = page({ coins: 4 })
    await p.away(5 * 60_000)
    expect(p.emitted.map(([name]) => name)).toEqual(['app:foregrounded', 'inventory:changed'])
    expect(p.emitted[1]?.[1]).toEqual({ contentId: null })
    // The next return compares with that answer, not the older profile.
    await p.away(5 * 60_000)
    expect(p.emitted.map(([name]) => name)).toEqual(['app:foregrounded', 'inventory:changed', 'app:foregrounded'])
  })

  it('says nothing for a signed-out visitor, and a failure changes nothing', async () => {
    const visitor = page({ reader: false })
    await visitor.away(5 * 60_000)
    expect(visitor.report).not.toHaveBeenCalled()
    const failing = page({ answer: async () => Promise.reject(new Error('401')) })
    await failing.away(5 * 60_000)
    expect(failing.report).toHaveBeenCalledTimes(1)
    expect(failing.emitted).toEqual([])
  })

  it('stops listening when uninstalled', async () => {
    const p = page()
    p.stop()
    await p.away(5 * 60_000)
    expect(p.report).not.toHaveBeenCalled()
  })
})

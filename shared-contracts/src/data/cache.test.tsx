import { act, render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { EventBus, type EventMap } from '../events/bus'
import { CACHE_PREFIXES, forgetOnReaderChange, ownedCache, ownerOfKey, type CacheOwner } from './cache'
import { invalidateAll } from './resource'

describe('cache keys by owner', () => {
  it('no owner’s prefix starts another owner’s, so forgetting your own keys never touches another area', () => {
    const all = (Object.entries(CACHE_PREFIXES) as [CacheOwner, readonly string[]][]).flatMap(([owner, prefixes]) =>
      prefixes.map((prefix) => ({ owner, prefix })),
    )
    for (const a of all) for (const b of all) if (a.owner !== b.owner) expect(`${b.prefix}`.startsWith(a.prefix)).toBe(false)
    expect(ownerOfKey('account:profile')).toBe('mf_account')
    expect(ownerOfKey('coin-expire')).toBe('mf_payments')
    // The key mf-payments used to forget after buying coins belongs to nobody.
    expect(ownerOfKey('profile')).toBeNull()
  })
})

describe('ownedCache', () => {
  afterEach(() => act(() => invalidateAll()))

  it('forgets the owner’s keys named for an event, and only on that event', async () => {
    const bus = new EventBus<EventMap>()
    const cache = ownedCache('mf_account', { 'inventory:changed': ['account:profile'] }, bus)
    const Show = ({ load }: { load: () => Promise<string> }) => <p>{cache.useResource('account:profile', load)}</p>
    let balance = 10
    const load = jest.fn(async () => `coins ${balance}`)
    await act(async () => {
      render(
        <Suspense fallback={<p>loading</p>}>
          <Show load={load} />
        </Suspense>,
      )
    })
    expect(screen.getByText('coins 10')).toBeInTheDocument()
    balance = 60
    await act(async () => bus.emit('access:changed', { contentId: 7, chapterIds: [3] }))
    expect(load).toHaveBeenCalledTimes(1)
    await act(async () => bus.emit('inventory:changed', { contentId: null }))
    expect(await screen.findByText('coins 60')).toBeInTheDocument()
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('forgets only the keys an event names when the reaction reads the event', async () => {
    const bus = new EventBus<EventMap>()
    const cache = ownedCache(
      'mf_viewer',
      { 'access:changed': ({ contentId, chapterIds }) => chapterIds.map((id) => `chapter:comic:${contentId}:${id}:` as const) },
      bus,
    )
    const Show = ({ id, load }: { id: number; load: () => Promise<string> }) => <p>{cache.useResource(`chapter:comic:7:${id}:product:en`, load)}</p>
    let state = 'locked'
    const three = jest.fn(async () => `three ${state}`)
    const four = jest.fn(async () => `four ${state}`)
    await act(async () => {
      render(
        <Suspense fallback={<p>loading</p>}>
          <Show id={3} load={three} />
          <Show id={4} load={four} />
        </Suspense>,
      )
    })
    expect(screen.getByText('three locked')).toBeInTheDocument()
    state = 'owned'
    await act(async () => bus.emit('access:changed', { contentId: 7, chapterIds: [3] }))
    expect(await screen.findByText('three owned')).toBeInTheDocument()
    expect(screen.getByText('four locked')).toBeInTheDocument()
    expect([three.mock.calls.length, four.mock.calls.length]).toEqual([2, 1])
  })

  it('forgets every area’s answers when the reader changes (signed in, signed out, became a guest)', async () => {
    const bus = new EventBus<EventMap>()
    const off = forgetOnReaderChange(bus)
    const catalog = ownedCache('mf_catalog', {}, bus)
    const account = ownedCache('mf_account', {}, bus)
    let reader = 'visitor'
    /** The member's list arrives when the test says (null: at once). */
    let member: Promise<void> | null = null
    let arrive: () => void = () => {}
    const episodes = jest.fn(async () => {
      const who = reader
      if (member) await member
      return `episodes for ${who}`
    })
    const inbox = jest.fn(async () => `inbox of ${reader}`)
    const Episodes = () => <p>{catalog.useResource('content:comic:1:en', episodes)}</p>
    const Inbox = () => <p>{account.useResource('account:messages', inbox)}</p>
    try {
      await act(async () => {
        render(
          <Suspense fallback={<p>loading</p>}>
            <Episodes />
            <Inbox />
          </Suspense>,
        )
      })
      expect(screen.getByText('episodes for visitor')).toBeInTheDocument()
      reader = 'member'
      await act(async () => bus.emit('inventory:changed', { contentId: null }))
      expect(screen.getByText('episodes for visitor')).toBeInTheDocument()
      member = new Promise((resolve) => (arrive = resolve))
      await act(async () => bus.emit('auth:changed', { signedIn: true }))
      // Never the visitor's list under the member's name, not even while the member's loads.
      expect(screen.queryAllByText('episodes for visitor').filter((element) => !element.closest('[style*="display: none"]'))).toEqual([])
      await act(async () => arrive())
      expect(await screen.findByText('episodes for member')).toBeInTheDocument()
      expect(screen.getByText('inbox of member')).toBeInTheDocument()
      expect([episodes.mock.calls.length, inbox.mock.calls.length]).toEqual([2, 2])
    } finally {
      off()
    }
  })

  it('a remote declared again replaces its reactions instead of adding to them', () => {
    const bus = new EventBus<EventMap>()
    ownedCache('mf_viewer', { 'access:changed': ['chapter:'] }, bus)
    ownedCache('mf_viewer', { 'access:changed': ['chapter:'] }, bus)
    expect(bus.listenerCount('access:changed')).toBe(1)
    ownedCache('mf_viewer', {}, bus)
    expect(bus.listenerCount('access:changed')).toBe(0)
  })
})

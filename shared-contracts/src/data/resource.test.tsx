import { act, render, screen } from '@testing-library/react'
import { Component, Suspense, type ReactNode } from 'react'
import { forget, invalidate, useResource } from './resource'

class Catch extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null }
  static getDerivedStateFromError(error: Error) {
    return { error }
  }
  override render() {
    return this.state.error ? <p>failed: {this.state.error.message}</p> : this.props.children
  }
}

/** Whether the text is on screen (React keeps a suspended boundary's old content in the page, hidden). */
const shown = (text: string): boolean => screen.queryAllByText(text).some((element) => !element.closest('[style*="display: none"]'))

function Show({ id, load }: { id: string; load: () => Promise<string> }) {
  return <p>{useResource(id, load)}</p>
}

describe('useResource', () => {
  afterEach(() => act(() => forget()))

  it('loads once, shares the result, and reloads after invalidate', async () => {
    const load = jest.fn().mockResolvedValue('hello')
    await act(async () => {
      render(
        <Suspense fallback="…">
          <Show id="shared" load={load} />
          <Show id="shared" load={load} />
        </Suspense>,
      )
    })
    expect(await screen.findAllByText('hello')).toHaveLength(2)
    expect(load).toHaveBeenCalledTimes(1)
    await act(async () => invalidate('shared'))
    expect(load).toHaveBeenCalledTimes(2)
  })

  /** A load the test settles by hand. */
  const deferred = () => {
    let settle: { resolve: (value: string) => void; reject: (error: Error) => void } = { resolve: () => {}, reject: () => {} }
    const promise = new Promise<string>((resolve, reject) => (settle = { resolve, reject }))
    return { promise, ...settle }
  }

  it('keeps showing the answer while it reloads after invalidate (no fallback), then shows the new one', async () => {
    let next = deferred()
    const load = jest.fn(() => next.promise)
    await act(async () => {
      render(
        <Suspense fallback="loading">
          <Show id="list" load={load} />
        </Suspense>,
      )
    })
    await act(async () => next.resolve('three chapters'))
    expect(screen.getByText('three chapters')).toBeInTheDocument()
    next = deferred()
    await act(async () => invalidate('list'))
    expect(load).toHaveBeenCalledTimes(2)
    expect(shown('three chapters')).toBe(true)
    expect(screen.queryByText('loading')).toBeNull()
    await act(async () => next.resolve('four chapters'))
    expect(screen.getByText('four chapters')).toBeInTheDocument()
    expect(screen.queryByText('loading')).toBeNull()
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('invalidated again while reloading: the reload asked before the second change is not swapped in', async () => {
    const loads = [deferred(), deferred(), deferred()]
    // A fourth call (the cache forgotten after the test) waits forever.
    let calls = 0
    const load = jest.fn((): Promise<string> => (loads[calls++] ?? deferred()).promise)
    await act(async () => {
      render(
        <Suspense fallback="loading">
          <Show id="comments" load={load} />
        </Suspense>,
      )
    })
    await act(async () => loads[0]!.resolve('no comments'))
    await act(async () => invalidate('comments'))
    await act(async () => invalidate('comments'))
    expect(load).toHaveBeenCalledTimes(3)
    // The first reload, asked between the two changes, arrives first: it is dropped.
    await act(async () => loads[1]!.resolve('one comment'))
    expect(shown('no comments')).toBe(true)
    expect(shown('one comment')).toBe(false)
    await act(async () => loads[2]!.resolve('two comments'))
    expect(screen.getByText('two comments')).toBeInTheDocument()
  })

  it('an answer that must not outlive a change (staleWhileReloading: false) suspends instead', async () => {
    let next = deferred()
    const load = jest.fn(() => next.promise)
    const Chapter = () => <p>{useResource('chapter', load, { staleWhileReloading: false })}</p>
    await act(async () => {
      render(
        <Suspense fallback="loading">
          <Chapter />
        </Suspense>,
      )
    })
    await act(async () => next.resolve('rented pages'))
    next = deferred()
    await act(async () => invalidate('chapter'))
    expect(shown('rented pages')).toBe(false)
    expect(screen.getByText('loading')).toBeInTheDocument()
    await act(async () => next.resolve('refused'))
    expect(screen.getByText('refused')).toBeInTheDocument()
  })

  it('a reload that fails goes to the boundary, as a first load would', async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    let next = deferred()
    const load = jest.fn(() => next.promise)
    await act(async () => {
      render(
        <Catch>
          <Suspense fallback="loading">
            <Show id="reloaded" load={load} />
          </Suspense>
        </Catch>,
      )
    })
    await act(async () => next.resolve('before'))
    next = deferred()
    await act(async () => invalidate('reloaded'))
    expect(shown('before')).toBe(true)
    await act(async () => next.reject(new Error('down')))
    expect(await screen.findByText('failed: down')).toBeInTheDocument()
    spy.mockRestore()
  })

  it('forget drops the answer outright: the screen waits for the new one (another reader’s must not show)', async () => {
    let next = deferred()
    const load = jest.fn(() => next.promise)
    await act(async () => {
      render(
        <Suspense fallback="loading">
          <Show id="mine" load={load} />
        </Suspense>,
      )
    })
    await act(async () => next.resolve('visitor’s list'))
    next = deferred()
    await act(async () => forget('mine'))
    expect(shown('visitor’s list')).toBe(false)
    expect(screen.getByText('loading')).toBeInTheDocument()
    await act(async () => next.resolve('reader’s list'))
    expect(screen.getByText('reader’s list')).toBeInTheDocument()
  })

  it('an answer past its age is shown while its successor loads', async () => {
    let now = 1_000_000
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => now)
    let next = deferred()
    const load = jest.fn(() => next.promise)
    const Aged = () => <p>{useResource('aged', load, { maxAgeMs: 60_000 })}</p>
    try {
      let rerender: ReturnType<typeof render>['rerender'] = () => {}
      await act(async () => {
        ;({ rerender } = render(
          <Suspense fallback="loading">
            <Aged />
          </Suspense>,
        ))
      })
      await act(async () => next.resolve('morning home'))
      expect(screen.getByText('morning home')).toBeInTheDocument()
      now += 61_000
      next = deferred()
      await act(async () =>
        rerender(
          <Suspense fallback="loading">
            <Aged />
          </Suspense>,
        ),
      )
      expect(load).toHaveBeenCalledTimes(2)
      expect(shown('morning home')).toBe(true)
      await act(async () => next.resolve('noon home'))
      expect(screen.getByText('noon home')).toBeInTheDocument()
    } finally {
      clock.mockRestore()
    }
  })

  it('throws a failure to the boundary once, without asking again in a loop', async () => {
    const load = jest.fn().mockRejectedValue(new Error('down'))
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    await act(async () => {
      render(
        <Catch>
          <Suspense fallback="…">
            <Show id="failing" load={load} />
          </Suspense>
        </Catch>,
      )
    })
    expect(await screen.findByText('failed: down')).toBeInTheDocument()
    // A loop would ask again as the boundary's render settles: let every render and promise run out.
    for (let round = 0; round < 5; round++)
      await act(async () => {
        await Promise.resolve()
      })
    expect(load).toHaveBeenCalledTimes(1)
    spy.mockRestore()
  })
})

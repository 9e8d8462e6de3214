import { act, render, screen } from '@testing-library/react'
import { Component, Suspense, type ReactNode } from 'react'
import { invalidate, useResource } from './resource'

class Catch extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null }
  static getDerivedStateFromError(error: Error) {
    return { error }
  }
  override render() {
    return this.state.error ? <p>failed: {this.state.error.message}</p> : this.props.children
  }
}

function Show({ id, load }: { id: string; load: () => Promise<string> }) {
  return <p>{useResource(id, load)}</p>
}

describe('useResource', () => {
  afterEach(() => act(() => invalidate()))

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
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(load).toHaveBeenCalledTimes(1)
    spy.mockRestore()
  })
})

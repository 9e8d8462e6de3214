import { EventBus } from './bus'

describe('EventBus', () => {
  it('delivers typed payloads, unsubscribes, and isolates a failing listener', () => {
    const bus = new EventBus<{ ping: { n: number } }>()
    const seen: number[] = []
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    bus.on('ping', () => {
      throw new Error('broken listener')
    })
    const off = bus.on('ping', ({ n }) => seen.push(n))
    bus.emit('ping', { n: 1 })
    off()
    bus.emit('ping', { n: 2 })
    expect(seen).toEqual([1])
    expect(bus.listenerCount('ping')).toBe(1)
    spy.mockRestore()
  })
})

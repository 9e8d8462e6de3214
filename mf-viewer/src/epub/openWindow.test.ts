import { installHostBridge, setCurrentLocale } from '@koma/contracts'
import { openWindow } from './openWindow'

const notify = jest.fn()
beforeAll(() => installHostBridge({ openDialog: jest.fn() as never, notify, loadExposed: jest.fn() }))
afterEach(() => {
  jest.restoreAllMocks()
  notify.mockClear()
})

describe('openWindow', () => {
  it('opens a new window without an opener', () => {
    const opened = { opener: window } as unknown as Window
    const open = jest.spyOn(window, 'open').mockReturnValue(opened)
    expect(openWindow('https://example.com/a')).toBe(true)
    expect(open).toHaveBeenCalledWith('https://example.com/a', '_blank')
    expect(opened.opener).toBeNull()
    expect(notify).not.toHaveBeenCalled()
  })

  it('tells the reader, in their language, that popups are blocked when the browser refuses (SPEC §8)', () => {
    setCurrentLocale('ja')
    jest.spyOn(window, 'open').mockReturnValue(null)
    expect(openWindow('https://example.com/a')).toBe(false)
    expect(notify).toHaveBeenCalledTimes(1)
    expect(notify.mock.calls[0][0]).toBe('ポップアップがブロックされています。このサイトのポップアップを許可してもう一度お試しください。')
    setCurrentLocale('en')
  })
})

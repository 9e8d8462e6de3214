import { api, endpoints, installHostBridge, invalidateAll, LocaleContext, setCurrentLocale } from '@koma/contracts'
import { CacheProvider } from '@emotion/react'
import createCache from '@emotion/cache'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { Suspense, type ComponentType } from 'react'
import { dialogs } from './dialogs'

const config = {
  commentIssues: [
    { code: 'spam', label: 'Spam or advertising' },
    { code: 'other', label: 'Other' },
  ],
  contentIssues: [{ code: 'image', label: 'Images do not load or look broken' }],
}

const notify = jest.fn()

async function renderDialog(props: Record<string, unknown>, locale: 'en' | 'ja' = 'en') {
  invalidateAll()
  setCurrentLocale(locale)
  installHostBridge({ openDialog: jest.fn(), notify, loadExposed: () => new Promise(() => undefined) })
  const Report = dialogs.report as unknown as ComponentType<Record<string, unknown>>
  const close = jest.fn()
  await act(async () => {
    render(
      <CacheProvider value={createCache({ key: 'd' })}>
        <LocaleContext.Provider value={{ locale, prefix: null }}>
          <Suspense fallback={null}>
            <Report {...props} close={close} />
          </Suspense>
        </LocaleContext.Provider>
      </CacheProvider>,
    )
  })
  return close
}

afterEach(() => {
  jest.useRealTimers()
  jest.restoreAllMocks()
})

describe('report dialog (SPEC §2, §5)', () => {
  it('keeps send disabled without a category; clicking it shows "select report category" for 2 s', async () => {
    const request = jest.spyOn(api, 'request').mockResolvedValue(config as never)
    await renderDialog({ type: 'comment', commentId: 7 })
    await screen.findAllByTestId('report-category')
    notify.mockClear()
    const send = screen.getByTestId('report-send')
    expect(send).toHaveAttribute('aria-disabled', 'true')
    fireEvent.click(send)
    // The host's shared notification (its timing is the host's, tested there), for 2000 ms.
    expect(notify).toHaveBeenCalledWith('Select a report category.', { durationMs: 2000 })
    expect(screen.getByTestId('dialog-report')).toBeInTheDocument()
    expect(request).toHaveBeenCalledTimes(1)
  })

  it('sends the chosen comment category and description, then closes reported', async () => {
    const request = jest
      .spyOn(api, 'request')
      .mockImplementation(async (endpoint) => (endpoint === endpoints.reportConfig ? config : { reported: true, created: true }) as never)
    const close = await renderDialog({ type: 'comment', commentId: 7 })
    expect((await screen.findAllByTestId('report-category')).map((item) => item.getAttribute('data-code'))).toEqual(['spam', 'other'])
    fireEvent.click(screen.getByLabelText('Spam or advertising'))
    expect(screen.getByTestId('report-send')).toHaveAttribute('aria-disabled', 'false')
    fireEvent.change(screen.getByTestId('report-message'), { target: { value: 'sells things' } })
    fireEvent.click(screen.getByTestId('report-send'))
    await screen.findByTestId('report-done')
    expect(request).toHaveBeenCalledWith(
      endpoints.reportComment,
      expect.objectContaining({ params: { commentId: '7', category: 'spam' }, body: { message: 'sells things' } }),
    )
    fireEvent.click(screen.getByTestId('report-ok'))
    expect(close).toHaveBeenCalledWith({ reported: true })
  })

  it('reports content with the content issue codes', async () => {
    const request = jest
      .spyOn(api, 'request')
      .mockImplementation(async (endpoint) => (endpoint === endpoints.reportConfig ? config : { reported: true, created: true }) as never)
    await renderDialog({ type: 'content', contentType: 'comic', contentId: 3, chapterId: 12 })
    fireEvent.click(await screen.findByLabelText('Images do not load or look broken'))
    fireEvent.click(screen.getByTestId('report-send'))
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith(
        endpoints.reportContent,
        expect.objectContaining({ params: { type: 'comic', id: '3', chapterId: '12', category: 'image' }, body: {} }),
      ),
    )
  })

  it('cancels on an outside click', async () => {
    jest.spyOn(api, 'request').mockResolvedValue(config as never)
    const close = await renderDialog({ type: 'comment', commentId: 7 })
    await screen.findAllByTestId('report-category')
    fireEvent.mouseDown(screen.getByTestId('dialog-report'))
    expect(close).toHaveBeenCalledWith({ reported: false })
  })
})

import { setCurrentLocale } from '@koma/contracts'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { dialogs } from './dialogs'

describe('chapter-aborted dialog (SPEC §4)', () => {
  it('explains the suspension in the reader language and closes on OK', async () => {
    setCurrentLocale('en')
    const Dialog = dialogs.chapterAborted as NonNullable<typeof dialogs.chapterAborted>
    const close = jest.fn()
    await act(async () => {
      render(
        <Suspense fallback={null}>
          <Dialog chapterName="Episode 5" close={close} />
        </Suspense>,
      )
    })
    expect(await screen.findByText('Sales suspended')).toBeInTheDocument()
    expect(screen.getByText(/Sales of “Episode 5” have been suspended/)).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'OK' }))
    expect(close).toHaveBeenCalledWith(undefined)
  })
})

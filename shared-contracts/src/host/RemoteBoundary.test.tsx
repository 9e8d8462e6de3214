import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { LocaleContext } from '../i18n/LocaleContext'
import { RemoteBoundary } from './RemoteBoundary'

let broken = true
function Area() {
  if (broken) throw new Error('Loading chunk mf_viewer failed')
  return <p>the chapter</p>
}

function Page({ wayOn, framed }: { wayOn?: { home: string; episodes?: string }; framed?: boolean }) {
  const [retries, setRetries] = useState(0)
  return (
    <LocaleContext.Provider value={{ locale: 'fr', prefix: 'fr' }}>
      <RemoteBoundary
        area="mf_viewer"
        wayOn={wayOn}
        frame={framed ? (panel) => <main data-testid="frame">{panel}</main> : undefined}
        onRetry={() => setRetries(retries + 1)}
      >
        <Area />
      </RemoteBoundary>
    </LocaleContext.Provider>
  )
}

describe('a remote that fails to load', () => {
  beforeEach(() => {
    broken = true
    jest.spyOn(console, 'error').mockImplementation(() => undefined)
  })
  afterEach(() => jest.restoreAllMocks())

  it('leaves a way on in the reader’s language: retry, the episode list, home; inside the host’s frame', async () => {
    render(<Page framed wayOn={{ home: '/fr', episodes: '/fr/comic/1' }} />)
    const panel = screen.getByRole('alert')
    expect(panel).toHaveAttribute('data-remote-error', 'mf_viewer')
    expect(screen.getByTestId('frame')).toContainElement(panel)
    expect(screen.getByRole('link', { name: 'Retour à la liste des épisodes' })).toHaveAttribute('href', '/fr/comic/1')
    expect(screen.getByRole('link', { name: "Aller à l'accueil" })).toHaveAttribute('href', '/fr')
    broken = false
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }))
    expect(screen.getByText('the chapter')).toBeInTheDocument()
  })

  it('inside a page (a slot), shows only the retry', () => {
    render(<Page />)
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument()
    expect(screen.queryAllByRole('link')).toEqual([])
  })
})

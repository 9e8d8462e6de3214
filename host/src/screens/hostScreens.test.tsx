import { screen, waitFor } from '@testing-library/react'
import { renderAt } from '../test/renderApp'
import { registerEveryRemote } from '../test/remotes'

// A remote that never answers: the remote's page /via leads to stays loading.
jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn(), loadRemote: jest.fn(() => new Promise(() => undefined)) }))

beforeAll(registerEveryRemote)

describe('/via (SPEC §2)', () => {
  it('goes on to a page of this site', async () => {
    const { router } = await renderAt('/fr/via?url=%2Ffr%2Fdocument%2Fnotice')
    await waitFor(() => expect(router.state.location.pathname).toBe('/fr/document/notice'))
  })

  it.each(['/fr/via?url=https%3A%2F%2Fevil.example%2F', '/fr/via'])(
    '%s: says the invitation link failed, in the reader language, with a way home',
    async (url) => {
      const { router } = await renderAt(url)
      expect(await screen.findByTestId('via-failed')).toHaveTextContent('Ce lien d’invitation n’a pas pu être ouvert.')
      expect(router.state.location.pathname).toBe('/fr/via')
      expect(screen.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/fr')
    },
  )
})

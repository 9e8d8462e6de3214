import { api, ApiError, classifyFailure, endpoints, type Endpoint } from '@koma/contracts'
import { screen, waitFor } from '@testing-library/react'
import { renderScreen } from '../../../infra/jest/renderScreen'
import { campaignGated, campaignPolicy } from '../data/gated'
import { routes } from '../routes'

jest.setTimeout(15_000)

const collection = {
  id: 4,
  kind: 'promotion',
  title: 'Villainesses & Romance Fair',
  description: 'Swoon-worthy romances, all in one place.',
  themeColor: '#d81b60',
  mature: false,
  image: null,
  largeImage: null,
  startAt: null,
  endAt: null,
  contents: [],
  page: { hasNext: false, seqNo: 0, currentPageNo: 1 },
}

const APP_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 KomaApp/3.2'
const NAMES = { 400: 'campaignUnavailable', 401: 'authenticationError', 404: 'notFound', 428: 'matureNotAccepted', 451: 'adultVerificationRequired' } as const
const err = (status: keyof typeof NAMES, message = 'This campaign is not running now.') =>
  new ApiError({ status, message, body: { name: NAMES[status], code: status, message }, url: '/menu/promotion/4' })

afterEach(() => jest.restoreAllMocks())

describe('campaign pages (SPEC §6, §8)', () => {
  it('a 400 goes to the campaign error page; a 401 signs out, and only signs out in the app web view', () => {
    const browser = campaignPolicy('Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0')
    const app = campaignPolicy(APP_UA)
    expect(browser).toMatchObject({ campaign: true, appWebView: false, suppress: ['matureNotAccepted', 'adultVerificationRequired', 'adultSignInRequired'] })
    expect(app.appWebView).toBe(true)
    expect(classifyFailure(err(400), browser)).toEqual({ kind: 'campaignError' })
    expect(classifyFailure(err(400), app)).toEqual({ kind: 'campaignError' })
    expect(classifyFailure(err(401), browser)).toEqual({ kind: 'logout', redirectToLogin: true })
    expect(classifyFailure(err(401), app)).toEqual({ kind: 'logout', redirectToLogin: false })
    // The mature gate still handles 428 and 451 on the page itself.
    expect(classifyFailure(err(428), browser)).toEqual({ kind: 'none' })
    expect(classifyFailure(err(451), browser)).toEqual({ kind: 'none' })
  })

  it('a campaign load that answered 400 leaves nothing to render; other failures still throw', async () => {
    await expect(campaignGated(Promise.reject(err(400)))).resolves.toEqual({ value: null, matureRequired: false, campaignError: true })
    await expect(campaignGated(Promise.reject(err(428)))).resolves.toMatchObject({ value: null, matureRequired: true, refusal: { status: 428 } })
    await expect(campaignGated(Promise.reject(err(451)))).resolves.toMatchObject({ value: null, matureRequired: true, refusal: { status: 451 } })
    await expect(campaignGated(Promise.reject(err(404)))).rejects.toMatchObject({ status: 404 })
  })

  it('a promotion asks with the campaign rules and renders nothing on 400 while the reader is taken away', async () => {
    const request = jest.spyOn(api, 'request').mockImplementation((async (endpoint: Endpoint<unknown, unknown, unknown, unknown>) => {
      if (endpoint === endpoints.promotion) throw err(400)
      return collection
    }) as never)
    const { container } = await renderScreen(routes['catalog.promotion'], { path: '/menu/promotion/:id', url: '/menu/promotion/4' })
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith(
        endpoints.promotion,
        expect.objectContaining({ policy: expect.objectContaining({ campaign: true, appWebView: false }) }),
      ),
    )
    await waitFor(() => expect(container.textContent).toBe(''))
    expect(screen.queryByTestId('collection')).toBeNull()
  })

  it('a running promotion shows its titles', async () => {
    jest.spyOn(api, 'request').mockResolvedValue(collection as never)
    await renderScreen(routes['catalog.promotion'], { path: '/menu/promotion/:id', url: '/menu/promotion/4' })
    expect(await screen.findByTestId('collection')).toHaveAttribute('data-kind', 'promotion')
  })

  it('a content catalog is not a campaign', async () => {
    const request = jest.spyOn(api, 'request').mockResolvedValue({ ...collection, kind: 'catalog' } as never)
    await renderScreen(routes['catalog.contentCatalog'], { path: '/menu/content_catalog/:id', url: '/menu/content_catalog/5' })
    await waitFor(() => expect(request).toHaveBeenCalledWith(endpoints.contentCatalog, expect.anything()))
    const catalogCall = request.mock.calls.find(([endpoint]) => endpoint === endpoints.contentCatalog)
    expect(catalogCall?.[1]?.policy).toEqual({ suppress: ['matureNotAccepted', 'adultVerificationRequired', 'adultSignInRequired'] })
  })
})

import { api, invalidateAll, LocaleContext, setCurrentLocale, type Locale } from '@koma/contracts'
import { opsEndpoints, type OperatorStatus, type OpsCoupon, type OpsFaq } from '@koma/contracts/ops'
import { CacheProvider } from '@emotion/react'
import createCache from '@emotion/cache'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { Suspense } from 'react'
import { MemoryRouter } from 'react-router-dom'
import { OpsIntl } from '../i18n/OpsIntl'
import CampaignsPage from './CampaignsPage'

const verified: OperatorStatus = { userId: 9, nickname: 'Koma Ops', enrolled: true, verified: true, verifiedUntil: '2026-11-25T05:00:00.000Z' }
const page = { hasNext: false, currentPageNo: 1, seqNo: null }
const coupon: OpsCoupon = {
  code: 'WELCOME50',
  titles: { ja: 'ようこそ', en: 'Welcome', fr: 'Bienvenue' },
  kind: 'coin',
  coinType: 'bonus',
  amount: 50,
  contentId: null,
  validDays: null,
  startsAt: '2026-01-01T00:00:00.000Z',
  endsAt: null,
  maxRedemptions: 100,
  redeemed: 3,
  live: true,
}
const faq: OpsFaq = {
  id: 4,
  category: 'coin',
  sort: 2,
  texts: {
    ja: { question: 'コインとは？', answer: '作品を読むためのものです。' },
    en: { question: 'What are coins?', answer: 'They unlock chapters.' },
    fr: { question: 'Les pièces ?', answer: 'Elles débloquent des chapitres.' },
  },
}

async function renderCampaigns(locale: Locale) {
  invalidateAll()
  setCurrentLocale(locale)
  await act(async () => {
    render(
      <CacheProvider value={createCache({ key: 'o' })}>
        <LocaleContext.Provider value={{ locale, prefix: locale === 'ja' ? null : locale }}>
          <MemoryRouter>
            <Suspense fallback={null}>
              <OpsIntl>
                <CampaignsPage />
              </OpsIntl>
            </Suspense>
          </MemoryRouter>
        </LocaleContext.Provider>
      </CacheProvider>,
    )
  })
}

function mockApi() {
  return jest.spyOn(api, 'request').mockImplementation(async (endpoint) => {
    if (endpoint === opsEndpoints.opsMe) return verified as never
    if (endpoint === opsEndpoints.opsCoupons) return { coupons: [coupon], page } as never
    if (endpoint === opsEndpoints.opsNotices) return { notices: [], page } as never
    if (endpoint === opsEndpoints.opsFaqs) return { faqs: [faq] } as never
    if (endpoint === opsEndpoints.opsFaqDelete) return { deleted: true } as never
    return coupon as never
  })
}

afterEach(() => jest.restoreAllMocks())

describe('the console’s campaigns page', () => {
  it('checks a new coupon in French before sending: code, amount and names are required; a valid one is sent with its times as ISO', async () => {
    const request = mockApi()
    await renderCampaigns('fr')
    const form = await screen.findByTestId('ops-coupon-form')
    expect(screen.getByTestId('ops-coupon')).toHaveTextContent('50 pièces bonus')
    expect(screen.getByTestId('ops-coupon')).toHaveTextContent('Utilisé 3 fois sur 100')
    fireEvent.click(within(form).getByRole('button', { name: 'Créer' }))
    const alerts = await within(form).findAllByRole('alert')
    expect(alerts.length).toBeGreaterThanOrEqual(5)
    expect(alerts[0]).toHaveTextContent('Ce champ est obligatoire.')
    expect(request).not.toHaveBeenCalledWith(opsEndpoints.opsCouponCreate, expect.anything())

    fireEvent.change(within(form).getByLabelText('Code'), { target: { value: 'ab' } })
    fireEvent.change(within(form).getByLabelText('Quantité'), { target: { value: '20' } })
    fireEvent.change(within(form).getByLabelText('Nom vu par les lecteurs (japonais)'), { target: { value: '春の特典' } })
    fireEvent.change(within(form).getByLabelText('Nom vu par les lecteurs (anglais)'), { target: { value: 'Spring gift' } })
    fireEvent.change(within(form).getByLabelText('Nom vu par les lecteurs (français)'), { target: { value: 'Cadeau de printemps' } })
    fireEvent.change(within(form).getByLabelText('Fin (vide : jamais)'), { target: { value: '2030-04-30T23:59' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Créer' }))
    expect(await within(form).findByRole('alert')).toHaveTextContent('Cette valeur n’est pas valide.')
    expect(request).not.toHaveBeenCalledWith(opsEndpoints.opsCouponCreate, expect.anything())

    fireEvent.change(within(form).getByLabelText('Code'), { target: { value: 'spring-2030' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Créer' }))
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith(opsEndpoints.opsCouponCreate, {
        body: expect.objectContaining({
          code: 'spring-2030',
          kind: 'coin',
          coinType: 'bonus',
          amount: '20',
          contentId: '',
          titleFr: 'Cadeau de printemps',
          endsAt: new Date('2030-04-30T23:59').toISOString(),
        }),
      }),
    )
  })

  it('checks a notice in Japanese: titles and texts in every language are required, nothing is sent until they are', async () => {
    const request = mockApi()
    await renderCampaigns('ja')
    fireEvent.click(await screen.findByRole('button', { name: '新しいお知らせ' }))
    const form = screen.getByTestId('ops-notice-form')
    fireEvent.change(within(form).getByLabelText('タイトル（日本語）'), { target: { value: '冬のイベント' } })
    fireEvent.click(within(form).getByRole('button', { name: '作成' }))
    const alerts = await within(form).findAllByRole('alert')
    expect(alerts).toHaveLength(5)
    for (const alert of alerts) expect(alert).toHaveTextContent('入力してください。')
    expect(request).not.toHaveBeenCalledWith(opsEndpoints.opsNoticeCreate, expect.anything())
  })

  it('edits a question with the FAQ rule and deletes one only on the second click', async () => {
    const request = mockApi()
    await renderCampaigns('en')
    const item = await screen.findByTestId('ops-faq')
    expect(item).toHaveTextContent('Coins · Order (smaller first): 2')
    fireEvent.click(within(item).getByRole('button', { name: 'Delete' }))
    expect(request).not.toHaveBeenCalledWith(opsEndpoints.opsFaqDelete, expect.anything())
    fireEvent.click(within(item).getByRole('button', { name: 'Delete for good' }))
    await waitFor(() => expect(request).toHaveBeenCalledWith(opsEndpoints.opsFaqDelete, { params: { id: '4' } }))

    // The list is read again (the mock still has the question); edit it.
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }))
    const form = screen.getByTestId('ops-faq-form')
    expect(within(form).getByLabelText('Question (English)')).toHaveValue('What are coins?')
    fireEvent.change(within(form).getByLabelText('Order (smaller first)'), { target: { value: 'first' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }))
    expect(await within(form).findByRole('alert')).toHaveTextContent('This value is not valid.')
    expect(request).not.toHaveBeenCalledWith(opsEndpoints.opsFaqUpdate, expect.anything())
    fireEvent.change(within(form).getByLabelText('Order (smaller first)'), { target: { value: '1' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith(opsEndpoints.opsFaqUpdate, {
        params: { id: '4' },
        body: expect.objectContaining({ sort: '1', category: 'coin', questionEn: 'What are coins?' }),
      }),
    )
  })
})

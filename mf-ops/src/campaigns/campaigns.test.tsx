import { api, invalidateAll, LocaleContext, setCurrentLocale, type Locale } from '@koma/contracts'
import { opsEndpoints, type OpsCoupon, type OpsFaq, type OpsGift, type OpsHome } from '@koma/contracts/ops'
import { CacheProvider } from '@emotion/react'
import createCache from '@emotion/cache'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { Suspense } from 'react'
import { MemoryRouter } from 'react-router-dom'
import { OpsIntl } from '../i18n/OpsIntl'
import CampaignsPage from './CampaignsPage'
import { VERIFIED_OPERATOR } from '../console/testing'

const verified = VERIFIED_OPERATOR
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

const none = { title: '', text: '' }
const home: OpsHome = {
  pages: ['main', 'free'],
  popups: [
    {
      id: 7,
      kind: 'content',
      category: 'event',
      page: 'main',
      link: '/menu/all_comic/event',
      artContentId: null,
      repeatHours: 24,
      mature: false,
      startsAt: '2099-12-01T00:00:00.000Z',
      endsAt: null,
      state: 'scheduled',
      texts: { ja: { title: '冬のフェア', description: '' }, en: { title: 'Winter fair', description: '' }, fr: { title: 'Foire d’hiver', description: '' } },
    },
  ],
  sections: [
    {
      id: 1,
      sort: 1,
      elementType: 'banner',
      shuffleGroup: null,
      topBanner: true,
      mature: false,
      link: null,
      startsAt: null,
      endsAt: null,
      state: 'live',
      texts: { ja: none, en: none, fr: none },
      elements: [
        {
          id: 31,
          contentId: 5,
          link: '/comic/5',
          imageUrl: '/api/image/9',
          badge: 'EVENT',
          badgeEndsAt: null,
          startsAt: null,
          endsAt: null,
          state: 'live',
          texts: { ja: { title: '特集', text: '' }, en: { title: 'Feature', text: '' }, fr: { title: 'À la une', text: '' } },
        },
      ],
    },
    {
      id: 2,
      sort: 2,
      elementType: 'banner_list_group',
      shuffleGroup: 'A',
      topBanner: false,
      mature: false,
      link: null,
      startsAt: null,
      endsAt: null,
      state: 'live',
      texts: { ja: { title: '編集部おすすめ', text: '' }, en: { title: 'Editors’ picks', text: '' }, fr: { title: 'La sélection', text: '' } },
      elements: [],
    },
  ],
}
const gift: OpsGift = {
  id: 12,
  audience: 'everyone',
  memberId: null,
  memberNickname: null,
  kind: 'coin',
  coinType: 'bonus',
  amount: 30,
  contentId: null,
  validDays: null,
  startsAt: '2026-01-01T00:00:00.000Z',
  endsAt: null,
  state: 'live',
  texts: {
    ja: { title: '感謝の贈り物', description: '' },
    en: { title: 'Thank-you gift', description: '' },
    fr: { title: 'Cadeau de remerciement', description: '' },
  },
  delivered: 120,
  claimed: 80,
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
    if (endpoint === opsEndpoints.opsHome) return home as never
    if (endpoint === opsEndpoints.opsGifts) return { gifts: [gift], page } as never
    if (endpoint === opsEndpoints.opsGiftSend) return gift as never
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

  it.each([
    ['en', 'End now', 'End “Winter fair” now? Readers stop seeing it at once.', 'Cancel', 'End it'],
    ['ja', '今すぐ終了', '「冬のフェア」を今すぐ終了しますか？読者にはすぐに表示されなくなります。', 'キャンセル', '終了する'],
    ['fr', 'Terminer maintenant', 'Terminer « Foire d’hiver » maintenant ? Les lecteurs ne le verront plus, dès maintenant.', 'Annuler', 'Terminer'],
  ] as const)('asks before ending a popup now, saying what ends (%s, issue 35)', async (locale, endNow, question, cancel, confirm) => {
    const request = mockApi()
    await renderCampaigns(locale)
    const popup = await screen.findByTestId('ops-popup')
    fireEvent.click(within(popup).getByRole('button', { name: endNow }))
    expect(within(popup).getByRole('status')).toHaveTextContent(question)
    fireEvent.click(within(popup).getByRole('button', { name: cancel }))
    expect(within(popup).queryByRole('status')).toBeNull()
    expect(request).not.toHaveBeenCalledWith(opsEndpoints.opsPopupEnd, expect.anything())
    fireEvent.click(within(popup).getByRole('button', { name: endNow }))
    fireEvent.click(within(popup).getByRole('button', { name: confirm }))
    await waitFor(() => expect(request).toHaveBeenCalledWith(opsEndpoints.opsPopupEnd, { params: { id: '7' } }))
  })

  it.each([
    ['en', 'End now', 'End coupon “WELCOME50” now? Readers can no longer redeem it.', 'Cancel', 'End it'],
    ['ja', '今すぐ終了', 'クーポン「WELCOME50」を今すぐ終了しますか？読者はすぐに使えなくなります。', 'キャンセル', '終了する'],
    ['fr', 'Terminer maintenant', 'Terminer le coupon « WELCOME50 » maintenant ? Les lecteurs ne pourront plus l’utiliser.', 'Annuler', 'Terminer'],
  ] as const)(
    'asks before ending a coupon now, as it asks for a popup, saying which code ends (%s, issue 35)',
    async (locale, endNow, question, cancel, confirm) => {
      const request = mockApi()
      await renderCampaigns(locale)
      const item = await screen.findByTestId('ops-coupon')
      fireEvent.click(within(item).getByRole('button', { name: endNow }))
      expect(request).not.toHaveBeenCalledWith(opsEndpoints.opsCouponEnd, expect.anything())
      expect(within(item).getByRole('status')).toHaveTextContent(question)
      fireEvent.click(within(item).getByRole('button', { name: cancel }))
      expect(within(item).queryByRole('status')).toBeNull()
      expect(request).not.toHaveBeenCalledWith(opsEndpoints.opsCouponEnd, expect.anything())
      fireEvent.click(within(item).getByRole('button', { name: endNow }))
      fireEvent.click(within(item).getByRole('button', { name: confirm }))
      await waitFor(() => expect(request).toHaveBeenCalledWith(opsEndpoints.opsCouponEnd, { params: { code: 'WELCOME50' } }))
    },
  )

  it('lists home campaigns with their state and a preview of the reader’s home in each language, as of their start', async () => {
    mockApi()
    await renderCampaigns('en')
    const popup = await screen.findByTestId('ops-popup')
    expect(popup).toHaveTextContent('Winter fair')
    expect(popup).toHaveTextContent('Scheduled')
    expect(popup).toHaveTextContent('Event · Home · again every 24 hours')
    const links = within(within(popup).getByTestId('ops-preview')).getAllByRole('link')
    expect(links.map((link) => link.textContent)).toEqual(['Japanese', 'English', 'French'])
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/ja?preview=2099-12-01T00%3A00%3A00.000Z&popup=7&lang=ja',
      '/en?preview=2099-12-01T00%3A00%3A00.000Z&popup=7&lang=en',
      '/fr?preview=2099-12-01T00%3A00%3A00.000Z&popup=7&lang=fr',
    ])
    // A live banner is previewed as it is now, in its section.
    const banner = screen.getByTestId('ops-banner')
    expect(within(banner).getAllByRole('link')[1]).toHaveAttribute('href', '/en?preview=now&section=1&lang=en')
    expect(screen.getByTestId('ops-section')).toHaveTextContent('#2 · Banners, shuffled in a group · group A · 0 titles')
  })

  it('checks a new section in French: a shuffle group only for the shuffled types, titles required', async () => {
    const request = mockApi()
    await renderCampaigns('fr')
    fireEvent.click(await screen.findByRole('button', { name: 'Nouvelle section' }))
    const form = screen.getByTestId('ops-section-form')
    expect(within(form).queryByLabelText('Groupe de mélange')).toBeNull()
    fireEvent.change(within(form).getByLabelText('Présentée comme'), { target: { value: 'banner_list_group' } })
    fireEvent.change(within(form).getByLabelText('Groupe de mélange'), { target: { value: 'B' } })
    fireEvent.change(within(form).getByLabelText('Numéros des séries, dans l’ordre'), { target: { value: '3, x' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Créer' }))
    const alerts = await within(form).findAllByRole('alert')
    expect(alerts[0]).toHaveTextContent('Cette valeur n’est pas valide.')
    expect(request).not.toHaveBeenCalledWith(opsEndpoints.opsSectionCreate, expect.anything())
  })

  it('sends a gift with one request key, the same key on a retry and a new one for the next gift', async () => {
    const request = mockApi()
    await renderCampaigns('en')
    expect(await screen.findByTestId('ops-gift')).toHaveTextContent('To everyone · 30 bonus coins')
    expect(screen.getByTestId('ops-gift')).toHaveTextContent('120 received · 80 claimed')
    const form = screen.getByTestId('ops-gift-form')
    fireEvent.change(within(form).getByLabelText('To'), { target: { value: 'everyone' } })
    expect(within(form).queryByLabelText('Member No.')).toBeNull()
    fireEvent.change(within(form).getByLabelText('How many'), { target: { value: '30' } })
    for (const [language, name] of [
      ['Japanese', '感謝の贈り物'],
      ['English', 'Thank-you gift'],
      ['French', 'Cadeau'],
    ])
      fireEvent.change(within(form).getByLabelText(`Gift name (${language})`), { target: { value: name } })
    // The first send fails (the network); the retry carries the same key.
    request.mockImplementationOnce(async () => {
      throw new Error('network')
    })
    fireEvent.click(within(form).getByRole('button', { name: 'Send' }))
    expect(await within(form).findByRole('alert')).toHaveTextContent('That did not work. Try again in a moment.')
    fireEvent.click(within(form).getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(within(form).getByRole('status')).toHaveTextContent('Sent.'))
    const sends = request.mock.calls
      .filter(([endpoint]) => endpoint === opsEndpoints.opsGiftSend)
      .map(([, options]) => (options as { body: Record<string, string> }).body)
    expect(sends).toHaveLength(2)
    expect(sends[0]).toMatchObject({ audience: 'everyone', memberId: '', amount: '30', coinType: 'bonus', titleFr: 'Cadeau' })
    expect(sends[1]!.requestKey).toBe(sends[0]!.requestKey)
    expect(sends[0]!.requestKey).toMatch(/^[A-Za-z0-9_-]{16,64}$/)
    // The next gift is another one.
    fireEvent.change(within(form).getByLabelText('How many'), { target: { value: '5' } })
    for (const language of ['Japanese', 'English', 'French'])
      fireEvent.change(within(form).getByLabelText(`Gift name (${language})`), { target: { value: 'x' } })
    fireEvent.change(within(form).getByLabelText('Member No.'), { target: { value: '4' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(request.mock.calls.filter(([endpoint]) => endpoint === opsEndpoints.opsGiftSend)).toHaveLength(3))
    const third = request.mock.calls.filter(([endpoint]) => endpoint === opsEndpoints.opsGiftSend)[2]![1] as { body: Record<string, string> }
    expect(third.body.requestKey).not.toBe(sends[0]!.requestKey)
  })
})

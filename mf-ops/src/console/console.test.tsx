import { api, ApiError, invalidateAll, LocaleContext, setCurrentLocale, type Locale } from '@koma/contracts'
import { opsEndpoints, MAINTENANCE_OFF, type ServiceState } from '@koma/contracts/ops'
import { CacheProvider } from '@emotion/react'
import createCache from '@emotion/cache'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { toString } from 'qrcode'
import { Suspense } from 'react'
import { MemoryRouter } from 'react-router-dom'
import { OpsIntl } from '../i18n/OpsIntl'
import ServicePage from '../service/ServicePage'
import { VERIFIED_OPERATOR } from './testing'

const verified = VERIFIED_OPERATOR
const service: ServiceState = { maintenance: { ...MAINTENANCE_OFF, active: false }, update: { state: 'none', version: '' }, legal: [] }

async function renderService(locale: Locale = 'en') {
  invalidateAll()
  setCurrentLocale(locale)
  await act(async () => {
    render(
      <CacheProvider value={createCache({ key: 'o' })}>
        <LocaleContext.Provider value={{ locale, prefix: locale === 'ja' ? null : locale }}>
          <MemoryRouter>
            <Suspense fallback={null}>
              <OpsIntl>
                <ServicePage />
              </OpsIntl>
            </Suspense>
          </MemoryRouter>
        </LocaleContext.Provider>
      </CacheProvider>,
    )
  })
}

afterEach(() => jest.restoreAllMocks())

describe('the operator console', () => {
  it('tells a member without the operator role that the console is for operators, and asks nothing else', async () => {
    const request = jest
      .spyOn(api, 'request')
      .mockRejectedValue(new ApiError({ failure: 'operatorOnly', status: 403, message: 'Operators only.', url: '/api/ops/me' }))
    await renderService()
    expect(await screen.findByTestId('ops-refused')).toHaveTextContent('This console is for Koma operators.')
    expect(request).toHaveBeenCalledTimes(1)
  })

  it('asks an operator for the authenticator code before any operator page, in their language', async () => {
    const request = jest.spyOn(api, 'request').mockResolvedValue({ ...verified, verified: false } as never)
    await renderService('fr')
    await screen.findByTestId('ops-second-factor')
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '12ab' } })
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Saisissez les 6 chiffres affichés par l’application.')
    expect(screen.queryByTestId('ops-service')).toBeNull()
    // Only the operator's status was asked: no operator page loads, no code with letters is sent.
    expect(request).toHaveBeenCalledTimes(1)
  })

  it('shows the authenticator key as a QR image of the app link, with its text alternative, and keeps the key and link', async () => {
    const enrolment = {
      secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      otpauthUri: 'otpauth://totp/Koma:ops%40koma.example?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Koma',
    }
    const request = jest.spyOn(api, 'request').mockImplementation(async (endpoint) => {
      if (endpoint === opsEndpoints.opsTotpEnrol) return enrolment as never
      return { ...verified, enrolled: false, verified: false } as never
    })
    await renderService('ja')
    // The one-time set-up code the team gave (issue 33): a malformed one is refused before anything is sent.
    fireEvent.change(await screen.findByLabelText('設定コード'), { target: { value: 'ABCD-EFGH' } })
    fireEvent.click(screen.getByRole('button', { name: 'キーを表示' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('運営チームから受け取った設定コード（英数字20文字）を入力してください。')
    expect(request).not.toHaveBeenCalledWith(opsEndpoints.opsTotpEnrol, expect.anything())
    fireEvent.change(screen.getByLabelText('設定コード'), { target: { value: 'abcd efgh jklm npqr stuv' } })
    fireEvent.click(screen.getByRole('button', { name: 'キーを表示' }))
    const image = await screen.findByRole('img', {
      name: '認証アプリ用リンクのQR画像です。読み取れない場合は、下に表示されているキーをアプリに入力してください。',
    })
    const svg = decodeURIComponent(image.getAttribute('src')!.replace(/^data:image\/svg\+xml;charset=utf-8,/, ''))
    // The library's own encoding of the link (not of the bare key), as the app reads it.
    expect(svg).toBe(await toString(enrolment.otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 4, color: { dark: '#000000', light: '#ffffff' } }))
    expect(svg).not.toBe(await toString(enrolment.secret, { type: 'svg', errorCorrectionLevel: 'M', margin: 4, color: { dark: '#000000', light: '#ffffff' } }))
    expect(screen.getByTestId('ops-totp-secret')).toHaveTextContent(enrolment.secret)
    expect(screen.getByRole('link', { name: enrolment.otpauthUri })).toHaveAttribute('href', enrolment.otpauthUri)
    expect(request).toHaveBeenCalledWith(opsEndpoints.opsTotpEnrol, { body: { enrolmentCode: 'ABCDEFGHJKLMNPQRSTUV' }, policy: { suppress: [400, 409, 429] } })
  })

  it('after wrong codes were typed for the operator, says that the next code is needed too', async () => {
    jest.spyOn(api, 'request').mockResolvedValue({ ...verified, verified: false, nextCodeNeeded: true } as never)
    await renderService('en')
    expect(await screen.findByTestId('ops-next-code')).toHaveTextContent('Wait for your app to show the next code and type it too.')
  })

  it('checks the maintenance form with the API rules before sending: titles are required to switch on', async () => {
    const request = jest.spyOn(api, 'request').mockImplementation(async (endpoint) => {
      if (endpoint === opsEndpoints.opsMe) return verified as never
      if (endpoint === opsEndpoints.opsService) return service as never
      return { ...service.maintenance, on: true, active: true } as never
    })
    await renderService()
    await screen.findByTestId('ops-service')
    fireEvent.click(screen.getByLabelText('Maintenance on'))
    fireEvent.click(screen.getAllByRole('button', { name: 'Save' })[0]!)
    expect((await screen.findAllByRole('alert'))[0]).toHaveTextContent('This is required.')
    expect(request).not.toHaveBeenCalledWith(opsEndpoints.opsMaintenance, expect.anything())

    for (const [label, value] of [
      ['Title (Japanese)', 'メンテナンス中'],
      ['Title (English)', 'Down for updates'],
      ['Title (French)', 'Mise à jour'],
    ] as const)
      fireEvent.change(screen.getByLabelText(label), { target: { value } })
    fireEvent.click(screen.getAllByRole('button', { name: 'Save' })[0]!)
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith(
        opsEndpoints.opsMaintenance,
        expect.objectContaining({ body: expect.objectContaining({ on: 'true', titleEn: 'Down for updates', startsAt: '', endsAt: '' }) }),
      ),
    )
  })
})

import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { IntlProvider } from 'react-intl'
import en from '../i18n/en.json'
import fr from '../i18n/fr.json'
import ja from '../i18n/ja.json'
import { remoteLoader } from '../federation/loader'
import { REQUIRED_RELOAD_MS, type Builds } from '../platform/newVersion'
import { NewVersionBanner } from './NewVersionBanner'

const messages = { en, fr, ja } as Record<string, Record<string, string>>
const running: Builds = { host: 'h1', remotes: { mf_catalog: 'c1' } }

function renderBanner(locale: string, latest: Builds) {
  const reload = jest.fn()
  const answer = jest.fn(async () => latest)
  render(
    <IntlProvider locale={locale} messages={messages[locale]}>
      <NewVersionBanner reload={reload} latest={answer} />
    </IntlProvider>,
  )
  return { reload }
}

describe('the new-version notice', () => {
  beforeEach(() => {
    jest.useFakeTimers()
    jest.spyOn(remoteLoader, 'running').mockReturnValue(running)
  })
  afterEach(() => {
    jest.useRealTimers()
    jest.restoreAllMocks()
  })

  const comeBack = async () => {
    await act(async () => {
      window.dispatchEvent(new Event('focus'))
      await jest.advanceTimersByTimeAsync(0)
    })
  }

  it('offers the reload of an available version and lets the reader wait', async () => {
    const { reload } = renderBanner('en', { host: 'h1', remotes: { mf_catalog: 'c2' }, required: [] })
    await comeBack()
    expect(screen.getByTestId('new-version')).toHaveTextContent('A new version of Koma is available.')
    await act(async () => jest.advanceTimersByTimeAsync(REQUIRED_RELOAD_MS * 10))
    expect(reload).not.toHaveBeenCalled()
    await userEvent.setup({ advanceTimers: jest.advanceTimersByTime }).click(screen.getByRole('button', { name: 'Later' }))
    expect(screen.queryByTestId('new-version')).toBeNull()
  })

  it.each([
    ['en', 'Koma has been updated. This page reloads in a few seconds.'],
    ['ja', 'Komaが更新されました。数秒後にページを再読み込みします。'],
    ['fr', 'Koma a été mis à jour. Cette page se recharge dans quelques secondes.'],
  ])('forces the reload of a required version after telling the reader (%s)', async (locale, notice) => {
    const { reload } = renderBanner(locale, { host: 'h1', remotes: { mf_catalog: 'c2' }, required: ['mf_catalog'] })
    await comeBack()
    const banner = screen.getByRole('alert')
    expect(banner).toHaveTextContent(notice)
    // No "later" for a required version.
    expect(screen.getAllByRole('button')).toHaveLength(1)
    await act(async () => jest.advanceTimersByTimeAsync(REQUIRED_RELOAD_MS - 1))
    expect(reload).not.toHaveBeenCalled()
    await act(async () => jest.advanceTimersByTimeAsync(1))
    expect(reload).toHaveBeenCalledTimes(1)
  })
})

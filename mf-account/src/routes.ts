import { remoteScreens } from '@koma/contracts'
import { AccountIntl } from './i18n/AccountIntl'

export const routes = remoteScreens(AccountIntl, {
  'account.login': () => import('./login/LoginPage'),
})

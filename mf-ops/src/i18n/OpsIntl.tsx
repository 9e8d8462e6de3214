import { createRemoteIntl } from '@koma/contracts'

export const OpsIntl = createRemoteIntl({
  en: () => import('./en.json'),
  ja: () => import('./ja.json'),
  fr: () => import('./fr.json'),
})

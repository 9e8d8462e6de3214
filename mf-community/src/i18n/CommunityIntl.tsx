import { createRemoteIntl } from '@koma/contracts'

export const CommunityIntl = createRemoteIntl({
  en: () => import('./en.json'),
  ja: () => import('./ja.json'),
  fr: () => import('./fr.json'),
})

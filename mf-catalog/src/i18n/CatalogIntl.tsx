import { createRemoteIntl } from '@koma/contracts'

/** mf-catalog's messages, one language file downloaded per reader. */
export const CatalogIntl = createRemoteIntl({
  en: () => import('./en.json'),
  ja: () => import('./ja.json'),
  fr: () => import('./fr.json'),
})

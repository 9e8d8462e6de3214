import { createRemoteIntl } from '@koma/contracts'

/**
 * My reading's own messages (issue 37 item 6), downloaded when the tab opens: the catalog's first
 * page does not carry them (first-load budget). Their files: infra/scripts/i18n-packages.cjs MESSAGE_SETS.
 */
export const ReadingStatsIntl = createRemoteIntl({
  en: () => import('./en.json'),
  ja: () => import('./ja.json'),
  fr: () => import('./fr.json'),
})
